CREATE TABLE "dispo_assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	"date" date NOT NULL,
	"driver_id" uuid NOT NULL,
	"truck_id" uuid,
	"rounds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"general_notes" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"issued_by" uuid,
	"published_at" timestamp with time zone,
	"last_change" jsonb
);
--> statement-breakpoint
CREATE TABLE "dispo_container_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"volume" double precision NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "dispo_drivers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "dispo_trucks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"license_plate" text NOT NULL,
	"type" text,
	"capacity" double precision
);
--> statement-breakpoint
ALTER TABLE "dispo_assignments" ADD CONSTRAINT "dispo_assignments_driver_id_dispo_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."dispo_drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispo_assignments" ADD CONSTRAINT "dispo_assignments_truck_id_dispo_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."dispo_trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispo_assignments" ADD CONSTRAINT "dispo_assignments_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispo_drivers" ADD CONSTRAINT "dispo_drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispo_assignments_change_seq_idx" ON "dispo_assignments" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "dispo_assignments_live_date_idx" ON "dispo_assignments" USING btree ("date","driver_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "dispo_assignments_driver_date_idx" ON "dispo_assignments" USING btree ("driver_id","date");--> statement-breakpoint
CREATE INDEX "dispo_assignments_truck_idx" ON "dispo_assignments" USING btree ("truck_id");--> statement-breakpoint
CREATE INDEX "dispo_assignments_rounds_idx" ON "dispo_assignments" USING gin ("rounds" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "dispo_container_types_name_live_idx" ON "dispo_container_types" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "dispo_drivers_user_live_idx" ON "dispo_drivers" USING btree ("user_id") WHERE deleted_at is null and user_id is not null;--> statement-breakpoint
CREATE INDEX "dispo_drivers_name_idx" ON "dispo_drivers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "dispo_trucks_plate_live_idx" ON "dispo_trucks" USING btree ("license_plate") WHERE deleted_at is null;