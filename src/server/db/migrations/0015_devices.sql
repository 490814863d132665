CREATE TABLE "devices" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"last_seen_at" timestamp with time zone NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"oldest_waiting_at" timestamp with time zone,
	"app_version" text,
	"persistent" boolean,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_last_seen_idx" ON "devices" USING btree ("last_seen_at");