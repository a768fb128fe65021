CREATE TABLE "charger_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charger_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"charger_id" integer NOT NULL,
	"direction" text NOT NULL,
	"action" text NOT NULL,
	"message_id" text,
	"payload" jsonb,
	"error_code" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charger_messages_direction_check" CHECK ("charger_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "chargers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chargers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"charge_point_id" text NOT NULL,
	"station_id" integer NOT NULL,
	"protocol" text DEFAULT 'ocpp' NOT NULL,
	"password_hash" text,
	"commissioned" boolean DEFAULT false NOT NULL,
	"vendor" text,
	"model" text,
	"firmware_version" text,
	"serial_number" text,
	"connected" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"last_boot_at" timestamp with time zone,
	"heartbeat_interval_seconds" integer DEFAULT 300 NOT NULL,
	"availability" text DEFAULT 'Operative' NOT NULL,
	"station_set_offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chargers_charge_point_id_unique" UNIQUE("charge_point_id"),
	CONSTRAINT "chargers_protocol_check" CHECK ("chargers"."protocol" in ('ocpp', 'mqtt')),
	CONSTRAINT "chargers_availability_check" CHECK ("chargers"."availability" in ('Operative', 'Inoperative')),
	CONSTRAINT "chargers_heartbeat_check" CHECK ("chargers"."heartbeat_interval_seconds" between 10 and 86400)
);
--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "source" text DEFAULT 'attendant' NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "charger_id" integer;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "id_tag" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "last_meter_wh" bigint;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "last_meter_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "soc_percent" integer;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "power_w" integer;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "energy_limit_wh" bigint;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "money_limit_kobo" bigint;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "limit_reason" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "remote_stop_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "fully_charged_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "reported_meter_stop_wh" bigint;--> statement-breakpoint
ALTER TABLE "zavcharge_accounts" ADD COLUMN "rfid_tag" text;--> statement-breakpoint
ALTER TABLE "charger_messages" ADD CONSTRAINT "charger_messages_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargers" ADD CONSTRAINT "chargers_station_id_charging_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."charging_stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_messages_charger_idx" ON "charger_messages" USING btree ("charger_id","id");--> statement-breakpoint
CREATE INDEX "charger_messages_at_idx" ON "charger_messages" USING btree ("at");--> statement-breakpoint
CREATE INDEX "chargers_station_idx" ON "chargers" USING btree ("station_id");--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_charger_start_unique" ON "charging_sessions" USING btree ("charger_id","slot_number","id_tag","started_at","meter_start_wh") WHERE "charging_sessions"."charger_id" is not null;--> statement-breakpoint
CREATE INDEX "charging_sessions_charger_idx" ON "charging_sessions" USING btree ("charger_id","status");--> statement-breakpoint
ALTER TABLE "zavcharge_accounts" ADD CONSTRAINT "zavcharge_accounts_rfid_tag_unique" UNIQUE("rfid_tag");--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_source_check" CHECK ("charging_sessions"."source" in ('attendant', 'charger'));--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_soc_check" CHECK ("charging_sessions"."soc_percent" is null or "charging_sessions"."soc_percent" between 0 and 100);