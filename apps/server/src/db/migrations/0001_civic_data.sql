CREATE TABLE "agenda_items" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"agenda_id" text,
	"source_id" text,
	"date" date,
	"section_name" text,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"document_type" text DEFAULT 'AGENDA_ITEM' NOT NULL,
	"file_number" text,
	"committee" text,
	"legislation_id" text,
	"status" text,
	"final_category" text,
	"sponsor_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("agenda_items"."title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("agenda_items"."file_number", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("agenda_items"."description", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("agenda_items"."committee", '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce("agenda_items"."section_name", '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "agendas" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"source_id" text,
	"date" date NOT NULL,
	"meeting_type" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"derived_from" text,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_section_amendments" (
	"section_id" text NOT NULL,
	"legislation_id" text NOT NULL,
	CONSTRAINT "code_section_amendments_section_id_legislation_id_pk" PRIMARY KEY("section_id","legislation_id")
);
--> statement-breakpoint
CREATE TABLE "code_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"source_id" text NOT NULL,
	"number" text NOT NULL,
	"number_key" text NOT NULL,
	"title" text NOT NULL,
	"title_number" text NOT NULL,
	"title_name" text NOT NULL,
	"chapter" text,
	"chapter_title" text,
	"subchapter" text,
	"subchapter_title" text,
	"path" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"text" text NOT NULL,
	"source_url" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("code_sections"."title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("code_sections"."path", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("code_sections"."title_name", '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce("code_sections"."text", '')), 'D')) STORED
);
--> statement-breakpoint
CREATE TABLE "data_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"dataset" text NOT NULL,
	"source_sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"uploaded_by" text,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"document_type" text,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"has_text" boolean NOT NULL,
	"page_count" integer,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("external_documents"."title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("external_documents"."filename", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("external_documents"."text", '')), 'D')) STORED,
	CONSTRAINT "external_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "legislation" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"document_type" text DEFAULT 'ORDINANCE' NOT NULL,
	"council_period" integer,
	"law_number" text,
	"act_number" text,
	"bill_number" text,
	"file_number" text,
	"title" text NOT NULL,
	"long_title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"committee" text,
	"introduced" date,
	"enacted" date,
	"effective" date,
	"status" text NOT NULL,
	"votes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history_url" text,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("legislation"."title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("legislation"."file_number", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("legislation"."long_title", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("legislation"."summary", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("legislation"."committee", '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce("legislation"."text", '')), 'D')) STORED
);
--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_legislation_id_legislation_id_fk" FOREIGN KEY ("legislation_id") REFERENCES "public"."legislation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendas" ADD CONSTRAINT "agendas_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendas" ADD CONSTRAINT "agendas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_section_amendments" ADD CONSTRAINT "code_section_amendments_section_id_code_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."code_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_section_amendments" ADD CONSTRAINT "code_section_amendments_legislation_id_legislation_id_fk" FOREIGN KEY ("legislation_id") REFERENCES "public"."legislation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_sections" ADD CONSTRAINT "code_sections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_documents" ADD CONSTRAINT "external_documents_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_documents" ADD CONSTRAINT "external_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legislation" ADD CONSTRAINT "legislation_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_items_source_key" ON "agenda_items" USING btree ("location_id","source_id");--> statement-breakpoint
CREATE INDEX "agenda_items_agenda_idx" ON "agenda_items" USING btree ("agenda_id","position");--> statement-breakpoint
CREATE INDEX "agenda_items_date_idx" ON "agenda_items" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "agenda_items_search_idx" ON "agenda_items" USING gin ("search");--> statement-breakpoint
CREATE INDEX "agenda_items_title_trgm_idx" ON "agenda_items" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "agendas_source_key" ON "agendas" USING btree ("location_id","source_id");--> statement-breakpoint
CREATE INDEX "agendas_date_idx" ON "agendas" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "code_section_amendments_legislation_idx" ON "code_section_amendments" USING btree ("legislation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_sections_source_key" ON "code_sections" USING btree ("location_id","source_id");--> statement-breakpoint
CREATE INDEX "code_sections_number_idx" ON "code_sections" USING btree ("location_id","number_key");--> statement-breakpoint
CREATE INDEX "code_sections_position_idx" ON "code_sections" USING btree ("location_id","position");--> statement-breakpoint
CREATE INDEX "code_sections_search_idx" ON "code_sections" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "data_imports_key" ON "data_imports" USING btree ("location_id","dataset","source_sha256");--> statement-breakpoint
CREATE INDEX "external_documents_location_idx" ON "external_documents" USING btree ("location_id","updated_at");--> statement-breakpoint
CREATE INDEX "external_documents_search_idx" ON "external_documents" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "legislation_source_key" ON "legislation" USING btree ("location_id","source_id");--> statement-breakpoint
CREATE INDEX "legislation_search_idx" ON "legislation" USING gin ("search");--> statement-breakpoint
CREATE INDEX "legislation_title_trgm_idx" ON "legislation" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legislation_file_number_idx" ON "legislation" USING btree ("location_id","file_number");--> statement-breakpoint
CREATE INDEX "legislation_effective_idx" ON "legislation" USING btree ("location_id","effective");