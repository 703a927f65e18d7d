CREATE TABLE "code_compliance_findings" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"rule" text NOT NULL,
	"severity" text NOT NULL,
	"section_id" text,
	"section_number" text NOT NULL,
	"section_title" text NOT NULL,
	"start" integer,
	"end" integer,
	"quote" text NOT NULL,
	"target" text,
	"model_code" text,
	"explanation" text NOT NULL,
	"suggestion" text
);
--> statement-breakpoint
CREATE TABLE "code_compliance_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"job_id" text,
	"job_state" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"previous_run_id" text,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "compliance_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text,
	"pra_request_id" text,
	"finding_id" text,
	"user_id" text,
	"action" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_findings" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"position" integer NOT NULL,
	"rule_set" text NOT NULL,
	"rule" text NOT NULL,
	"entity_type" text,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"start" integer,
	"end" integer,
	"quote" text NOT NULL,
	"basis" jsonb NOT NULL,
	"explanation" text NOT NULL,
	"suggestion" text,
	"difference" jsonb,
	"confidence" real,
	"origin" text DEFAULT 'rule' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"location_id" text NOT NULL,
	"compliance_type" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"filename" text,
	"storage_key" text,
	"file_kind" text,
	"content_type" text,
	"size_bytes" integer,
	"page_count" integer,
	"has_text" boolean DEFAULT true NOT NULL,
	"text" text NOT NULL,
	"job_id" text,
	"job_state" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text,
	"error" text,
	"status" text DEFAULT 'open' NOT NULL,
	"folder" text,
	"engine" text,
	"document_facts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pra_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"location_id" text NOT NULL,
	"request_text" text NOT NULL,
	"requester_name" text,
	"requester_email" text,
	"received_date" date NOT NULL,
	"report_ids" jsonb NOT NULL,
	"exemptions" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"due_date" date,
	"extended" boolean DEFAULT false NOT NULL,
	"pauses" jsonb NOT NULL,
	"email_subject" text NOT NULL,
	"email_body" text NOT NULL,
	"engine" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "compliance_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "code_compliance_findings" ADD CONSTRAINT "code_compliance_findings_run_id_code_compliance_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."code_compliance_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_compliance_runs" ADD CONSTRAINT "code_compliance_runs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_compliance_runs" ADD CONSTRAINT "code_compliance_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_audit" ADD CONSTRAINT "compliance_audit_report_id_compliance_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."compliance_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_audit" ADD CONSTRAINT "compliance_audit_pra_request_id_pra_requests_id_fk" FOREIGN KEY ("pra_request_id") REFERENCES "public"."pra_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_audit" ADD CONSTRAINT "compliance_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_findings" ADD CONSTRAINT "compliance_findings_report_id_compliance_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."compliance_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_reports" ADD CONSTRAINT "compliance_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_reports" ADD CONSTRAINT "compliance_reports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pra_requests" ADD CONSTRAINT "pra_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pra_requests" ADD CONSTRAINT "pra_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_compliance_findings_run_idx" ON "code_compliance_findings" USING btree ("run_id","rule");--> statement-breakpoint
CREATE INDEX "code_compliance_findings_model_idx" ON "code_compliance_findings" USING btree ("run_id","model_code");--> statement-breakpoint
CREATE INDEX "code_compliance_runs_location_idx" ON "code_compliance_runs" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "compliance_audit_report_idx" ON "compliance_audit" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "compliance_audit_pra_idx" ON "compliance_audit" USING btree ("pra_request_id","created_at");--> statement-breakpoint
CREATE INDEX "compliance_findings_report_idx" ON "compliance_findings" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "compliance_reports_owner_idx" ON "compliance_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pra_requests_owner_idx" ON "pra_requests" USING btree ("user_id","created_at");