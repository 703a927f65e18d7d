CREATE TABLE "minutes_followups" (
	"id" text PRIMARY KEY NOT NULL,
	"summary_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"citations" jsonb NOT NULL,
	"engine" text NOT NULL,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes_summaries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"location_id" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"filename" text,
	"storage_key" text,
	"has_text" boolean DEFAULT true NOT NULL,
	"text" text NOT NULL,
	"job_id" text,
	"job_state" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"engine" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "minutes_followups" ADD CONSTRAINT "minutes_followups_summary_id_minutes_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."minutes_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minutes_summaries" ADD CONSTRAINT "minutes_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minutes_summaries" ADD CONSTRAINT "minutes_summaries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "minutes_followups_summary_idx" ON "minutes_followups" USING btree ("summary_id","created_at");--> statement-breakpoint
CREATE INDEX "minutes_summaries_owner_idx" ON "minutes_summaries" USING btree ("user_id","created_at");