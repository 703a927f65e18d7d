CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_documents" ADD COLUMN "text_truncated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_by" text;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_idx" ON "rate_limit_counters" USING btree ("reset_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "mail_outbox" SET "kind" = CASE WHEN "subject" ILIKE '%invitation%' THEN 'invitation' WHEN "subject" ILIKE '%reset%' THEN 'password_reset' ELSE 'other' END;--> statement-breakpoint
UPDATE "mail_outbox" SET "body" = regexp_replace("body", '(code: )[0-9]{6}', '\1••••••', 'g') WHERE "body" IS NOT NULL;