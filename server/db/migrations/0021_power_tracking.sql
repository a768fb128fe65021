CREATE TABLE "power_alarms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "power_alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"installation_id" integer NOT NULL,
	"code" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	CONSTRAINT "power_alarms_severity_check" CHECK ("power_alarms"."severity" in ('info', 'warning', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "power_daily_energy" (
	"installation_id" integer NOT NULL,
	"day" date NOT NULL,
	"pv_wh" bigint DEFAULT 0 NOT NULL,
	"load_wh" bigint DEFAULT 0 NOT NULL,
	"grid_import_wh" bigint DEFAULT 0 NOT NULL,
	"generator_wh" bigint DEFAULT 0 NOT NULL,
	"min_soc_pct" real,
	"max_soc_pct" real,
	CONSTRAINT "power_daily_energy_installation_id_day_pk" PRIMARY KEY("installation_id","day")
);
--> statement-breakpoint
CREATE TABLE "power_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "power_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"installation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"serial" text,
	CONSTRAINT "power_devices_kind_check" CHECK ("power_devices"."kind" in ('inverter', 'battery', 'meter', 'generator', 'gateway'))
);
--> statement-breakpoint
CREATE TABLE "power_installations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "power_installations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_name" text NOT NULL,
	"customer_user_id" text,
	"customer_name" text,
	"customer_email" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pv_wp" integer NOT NULL,
	"battery_wh" integer DEFAULT 0 NOT NULL,
	"inverter_va" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"ingest_key_hash" text NOT NULL,
	"ingest_key_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_reading_at" timestamp with time zone,
	"pv_w" integer,
	"load_w" integer,
	"grid_w" integer,
	"battery_w" integer,
	"generator_w" integer,
	"soc_pct" real,
	"grid_available" boolean,
	"generator_running" boolean,
	"last_pv_wh" bigint,
	"last_load_wh" bigint,
	"last_grid_import_wh" bigint,
	"last_generator_wh" bigint,
	"silent_alerted_at" timestamp with time zone,
	"low_battery_alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "power_readings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "power_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"installation_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pv_w" integer NOT NULL,
	"load_w" integer NOT NULL,
	"grid_w" integer NOT NULL,
	"battery_w" integer NOT NULL,
	"generator_w" integer NOT NULL,
	"soc_pct" real,
	"grid_available" boolean NOT NULL,
	"generator_running" boolean NOT NULL,
	"pv_wh" bigint NOT NULL,
	"load_wh" bigint NOT NULL,
	"grid_import_wh" bigint NOT NULL,
	"generator_wh" bigint NOT NULL,
	"counter_reset" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "power_alarms" ADD CONSTRAINT "power_alarms_installation_id_power_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."power_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_alarms" ADD CONSTRAINT "power_alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_daily_energy" ADD CONSTRAINT "power_daily_energy_installation_id_power_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."power_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_devices" ADD CONSTRAINT "power_devices_installation_id_power_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."power_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_installations" ADD CONSTRAINT "power_installations_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_readings" ADD CONSTRAINT "power_readings_installation_id_power_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."power_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "power_alarms_installation_idx" ON "power_alarms" USING btree ("installation_id","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "power_alarms_active_idx" ON "power_alarms" USING btree ("installation_id","code") WHERE "power_alarms"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "power_devices_installation_idx" ON "power_devices" USING btree ("installation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "power_installations_key_idx" ON "power_installations" USING btree ("ingest_key_hash");--> statement-breakpoint
CREATE INDEX "power_installations_customer_idx" ON "power_installations" USING btree ("customer_user_id");--> statement-breakpoint
CREATE INDEX "power_readings_installation_at_idx" ON "power_readings" USING btree ("installation_id","at");