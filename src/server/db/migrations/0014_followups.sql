CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	"excavator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_labels" jsonb,
	"note" text,
	"photo" text,
	"assignee_id" uuid,
	"due_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"source_report_id" uuid,
	"source_category" text,
	"source_item" text,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_by_report_id" uuid
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolves_follow_ups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_change_seq_idx" ON "follow_ups" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_source_idx" ON "follow_ups" USING btree ("source_report_id","source_category","source_item") WHERE source_report_id is not null;--> statement-breakpoint
CREATE INDEX "follow_ups_excavator_idx" ON "follow_ups" USING btree ("excavator_id","status");--> statement-breakpoint
CREATE INDEX "follow_ups_closed_by_report_idx" ON "follow_ups" USING btree ("closed_by_report_id");--> statement-breakpoint
-- Follow-ups are a synced collection like the others: their changed fields are kept for field merges.
CREATE TRIGGER "follow_ups_field_changes" AFTER UPDATE ON "follow_ups" FOR EACH ROW EXECUTE FUNCTION fp_record_field_changes();
