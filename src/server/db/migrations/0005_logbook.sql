CREATE TABLE "logbook_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	"date" date NOT NULL,
	"site" text,
	"shift_start" text NOT NULL,
	"shift_end" text NOT NULL,
	"weather" jsonb,
	"conveyor_checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"general_notes" text,
	"status" text DEFAULT 'unsigned' NOT NULL,
	"creator_signature" text,
	"signed_at" timestamp with time zone,
	"reviewer_signature" text,
	"approved_by" uuid,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "logbook_entries_change_seq_idx" ON "logbook_entries" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "logbook_entries_date_idx" ON "logbook_entries" USING btree ("date");--> statement-breakpoint
CREATE INDEX "logbook_entries_status_idx" ON "logbook_entries" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "logbook_entries_created_by_idx" ON "logbook_entries" USING btree ("created_by","date");