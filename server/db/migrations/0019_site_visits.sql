CREATE TABLE "site_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text DEFAULT 'page' NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "site_visits_kind_check" CHECK ("site_visits"."kind" in ('page', 'add_to_cart')),
	CONSTRAINT "site_visits_device_check" CHECK ("site_visits"."device" in ('phone', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE INDEX "site_visits_at_idx" ON "site_visits" USING btree ("at");