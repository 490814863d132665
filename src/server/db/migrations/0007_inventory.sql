CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	"name" text NOT NULL,
	"maker" text,
	"type" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"price_cents" integer,
	"notes" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo" text,
	"location" text,
	"min_quantity" integer DEFAULT 0 NOT NULL,
	"maintenance_type" text,
	CONSTRAINT "inventory_items_quantity_check" CHECK ("inventory_items"."quantity" >= 0),
	CONSTRAINT "inventory_items_min_quantity_check" CHECK ("inventory_items"."min_quantity" >= 0),
	CONSTRAINT "inventory_items_price_check" CHECK ("inventory_items"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "inventory_items_change_seq_idx" ON "inventory_items" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "inventory_items_name_maker_idx" ON "inventory_items" USING btree (lower("name"),lower(coalesce("maker", '')));--> statement-breakpoint
CREATE INDEX "inventory_items_tags_idx" ON "inventory_items" USING gin ("tags");