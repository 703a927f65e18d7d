CREATE TABLE "location_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"source" text NOT NULL,
	"client" text NOT NULL,
	"base_url" text NOT NULL,
	"since" date NOT NULL,
	"user_id" text NOT NULL,
	"next_job_id" text,
	"next_run_at" timestamp with time zone,
	"last_import_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_imports" ADD COLUMN "parameters" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "location_feeds" ADD CONSTRAINT "location_feeds_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "location_feeds_key" ON "location_feeds" USING btree ("location_id","source");