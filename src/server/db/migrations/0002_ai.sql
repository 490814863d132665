CREATE TABLE "ai_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"helper" text NOT NULL,
	"user_id" uuid,
	"model" text NOT NULL,
	"ok" boolean NOT NULL,
	"error_code" text,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"api_key" text,
	"chat_model" text DEFAULT '' NOT NULL,
	"translator_model" text DEFAULT '' NOT NULL,
	"temperature" double precision DEFAULT 0.3 NOT NULL,
	"max_tokens" integer DEFAULT 1024 NOT NULL,
	"timeout_ms" integer DEFAULT 60000 NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 30 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "ai_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_calls_at_idx" ON "ai_calls" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ai_calls_helper_at_idx" ON "ai_calls" USING btree ("helper","at");