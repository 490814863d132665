CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	"report_date" date NOT NULL,
	"excavator_id" uuid NOT NULL,
	"operator_name" text NOT NULL,
	"manager_name" text,
	"description" text,
	"operating_hours" double precision,
	"notes" text,
	"service_date" date,
	"uvv_inspection_date" date,
	"fuel_level" double precision,
	"hours_until_next_maintenance" double precision,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checklist_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"operator_signature" text,
	"manager_signature" text,
	"status" text DEFAULT 'unsigned' NOT NULL,
	"submitted_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"rejection_reason" text,
	"rejected_by" uuid,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "reports_change_seq_idx" ON "reports" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "reports_live_date_idx" ON "reports" USING btree ("report_date","created_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "reports_excavator_idx" ON "reports" USING btree ("excavator_id","report_date");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "reports_created_by_idx" ON "reports" USING btree ("created_by");