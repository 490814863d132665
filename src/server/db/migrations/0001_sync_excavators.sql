CREATE TABLE "excavators" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"serial_number" text NOT NULL,
	"year" integer,
	"status" text DEFAULT 'operational' NOT NULL,
	"usage_hours" double precision DEFAULT 0 NOT NULL,
	"location" text,
	"engine_number" text,
	"next_inspection_hours" double precision,
	"last_service_hours" double precision,
	"purchase_date" date,
	"last_service_date" date,
	"profile_image" text,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb,
	"headers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "sync_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"min_cursor" bigint DEFAULT 0 NOT NULL,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "excavators_change_seq_idx" ON "excavators" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "excavators_serial_live_idx" ON "excavators" USING btree (lower("serial_number")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "excavators_name_idx" ON "excavators" USING btree ("name");--> statement-breakpoint
CREATE INDEX "excavators_status_idx" ON "excavators" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "sync_counter" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sync_state" ("id", "min_cursor") VALUES (1, 0) ON CONFLICT DO NOTHING;
