CREATE TABLE "location_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_state" text NOT NULL,
	"job_id" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preview" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "location_imports" ADD CONSTRAINT "location_imports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_imports_location_idx" ON "location_imports" USING btree ("location_id","created_at");