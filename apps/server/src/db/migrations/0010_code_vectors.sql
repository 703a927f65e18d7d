CREATE TABLE "code_vectors" (
	"location_id" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"count" integer NOT NULL,
	"vectors" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_vectors" ADD CONSTRAINT "code_vectors_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;