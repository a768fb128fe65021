CREATE TABLE "charging_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"slot_number" integer NOT NULL,
	"price_per_kwh_kobo" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"meter_start_wh" bigint DEFAULT 0 NOT NULL,
	"meter_stop_wh" bigint,
	"energy_wh" bigint,
	"cost_kobo" bigint,
	"unpaid_kobo" bigint DEFAULT 0 NOT NULL,
	"started_by_user_id" text,
	"stopped_by_user_id" text,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_sessions_status_check" CHECK ("charging_sessions"."status" in ('active', 'completed', 'cancelled')),
	CONSTRAINT "charging_sessions_price_check" CHECK ("charging_sessions"."price_per_kwh_kobo" > 0),
	CONSTRAINT "charging_sessions_unpaid_check" CHECK ("charging_sessions"."unpaid_kobo" >= 0),
	CONSTRAINT "charging_sessions_settled_check" CHECK ("charging_sessions"."status" = 'active' or ("charging_sessions"."stopped_at" is not null and "charging_sessions"."energy_wh" >= 0 and "charging_sessions"."cost_kobo" >= 0 and "charging_sessions"."meter_stop_wh" >= "charging_sessions"."meter_start_wh"))
);
--> statement-breakpoint
CREATE TABLE "charging_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"station_id" integer NOT NULL,
	"number" integer NOT NULL,
	"connector" text DEFAULT 'Type 2' NOT NULL,
	"power_kw" integer DEFAULT 22 NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_slots_station_number_unique" UNIQUE("station_id","number"),
	CONSTRAINT "charging_slots_number_check" CHECK ("charging_slots"."number" between 1 and 99),
	CONSTRAINT "charging_slots_power_check" CHECK ("charging_slots"."power_kw" between 1 and 400),
	CONSTRAINT "charging_slots_status_check" CHECK ("charging_slots"."status" in ('available', 'charging', 'out_of_order'))
);
--> statement-breakpoint
CREATE TABLE "charging_stations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"price_per_kwh_kobo" integer NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opening_hours" text DEFAULT '24 hours' NOT NULL,
	"maintenance_starts_at" timestamp with time zone,
	"maintenance_minutes" integer DEFAULT 120 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_stations_slug_unique" UNIQUE("slug"),
	CONSTRAINT "charging_stations_status_check" CHECK ("charging_stations"."status" in ('online', 'offline', 'maintenance')),
	CONSTRAINT "charging_stations_price_check" CHECK ("charging_stations"."price_per_kwh_kobo" > 0),
	CONSTRAINT "charging_stations_maintenance_minutes_check" CHECK ("charging_stations"."maintenance_minutes" between 15 and 10080),
	CONSTRAINT "charging_stations_coordinates_check" CHECK ("charging_stations"."latitude" between -90 and 90 and "charging_stations"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "zavcharge_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zavcharge_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"user_id" text,
	"name" text,
	"email" text,
	"phone" text,
	"pin_hash" text,
	"plan_id" integer NOT NULL,
	"subscription_id" integer,
	"balance_kobo" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"suspended_reason" text,
	"low_balance_notified_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zavcharge_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "zavcharge_accounts_balance_check" CHECK ("zavcharge_accounts"."balance_kobo" >= 0),
	CONSTRAINT "zavcharge_accounts_status_check" CHECK ("zavcharge_accounts"."status" in ('active', 'suspended', 'closed')),
	CONSTRAINT "zavcharge_accounts_code_check" CHECK ("zavcharge_accounts"."code" ~ '^ZAV[0-9]{8}[A-Z]{4}$')
);
--> statement-breakpoint
CREATE TABLE "zavcharge_pin_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zavcharge_pin_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zavcharge_pin_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zavcharge_pin_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zavcharge_pin_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "zavcharge_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zavcharge_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"period_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zavcharge_plans_code_unique" UNIQUE("code"),
	CONSTRAINT "zavcharge_plans_price_check" CHECK ("zavcharge_plans"."price_kobo" >= 0),
	CONSTRAINT "zavcharge_plans_period_check" CHECK ("zavcharge_plans"."period_days" between 1 and 366)
);
--> statement-breakpoint
CREATE TABLE "zavcharge_wallet_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zavcharge_wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"balance_after_kobo" bigint NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"order_id" uuid,
	"session_id" integer,
	"staff_user_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zavcharge_wallet_entries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "zavcharge_wallet_entries_kind_check" CHECK ("zavcharge_wallet_entries"."kind" in ('welcome_credit', 'top_up', 'charging', 'plan_renewal', 'refund', 'adjustment')),
	CONSTRAINT "zavcharge_wallet_entries_amount_check" CHECK ("zavcharge_wallet_entries"."amount_kobo" <> 0),
	CONSTRAINT "zavcharge_wallet_entries_balance_check" CHECK ("zavcharge_wallet_entries"."balance_after_kobo" >= 0),
	CONSTRAINT "zavcharge_wallet_entries_reason_check" CHECK ("zavcharge_wallet_entries"."kind" <> 'adjustment' or ("zavcharge_wallet_entries"."reason" is not null and "zavcharge_wallet_entries"."staff_user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_kind_check";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_kind_target_check";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_kind_check";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "zavcharge_account_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "zavcharge_plan_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "amount_kobo" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "zavcharge_account_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "zavcharge_plan_id" integer;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_account_id_zavcharge_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."zavcharge_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_station_id_charging_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."charging_stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_slot_id_charging_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."charging_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_stopped_by_user_id_users_id_fk" FOREIGN KEY ("stopped_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_slots" ADD CONSTRAINT "charging_slots_station_id_charging_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."charging_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zavcharge_accounts" ADD CONSTRAINT "zavcharge_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zavcharge_accounts" ADD CONSTRAINT "zavcharge_accounts_plan_id_zavcharge_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."zavcharge_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zavcharge_accounts" ADD CONSTRAINT "zavcharge_accounts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zavcharge_pin_resets" ADD CONSTRAINT "zavcharge_pin_resets_account_id_zavcharge_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."zavcharge_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zavcharge_pin_sessions" ADD CONSTRAINT "zavcharge_pin_sessions_account_id_zavcharge_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."zavcharge_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zavcharge_wallet_entries" ADD CONSTRAINT "zavcharge_wallet_entries_account_id_zavcharge_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."zavcharge_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zavcharge_wallet_entries" ADD CONSTRAINT "zavcharge_wallet_entries_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_active_slot_unique" ON "charging_sessions" USING btree ("slot_id") WHERE "charging_sessions"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_active_account_unique" ON "charging_sessions" USING btree ("account_id") WHERE "charging_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "charging_sessions_account_idx" ON "charging_sessions" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE INDEX "charging_sessions_station_idx" ON "charging_sessions" USING btree ("station_id","started_at");--> statement-breakpoint
CREATE INDEX "charging_stations_city_idx" ON "charging_stations" USING btree ("city");--> statement-breakpoint
CREATE UNIQUE INDEX "zavcharge_accounts_user_open_unique" ON "zavcharge_accounts" USING btree ("user_id") WHERE "zavcharge_accounts"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "zavcharge_accounts_email_idx" ON "zavcharge_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "zavcharge_pin_resets_account_idx" ON "zavcharge_pin_resets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "zavcharge_pin_sessions_account_idx" ON "zavcharge_pin_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "zavcharge_wallet_entries_account_idx" ON "zavcharge_wallet_entries" USING btree ("account_id","id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_zavcharge_account_id_zavcharge_accounts_id_fk" FOREIGN KEY ("zavcharge_account_id") REFERENCES "public"."zavcharge_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_zavcharge_plan_id_zavcharge_plans_id_fk" FOREIGN KEY ("zavcharge_plan_id") REFERENCES "public"."zavcharge_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_zavcharge_account_id_zavcharge_accounts_id_fk" FOREIGN KEY ("zavcharge_account_id") REFERENCES "public"."zavcharge_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_zavcharge_plan_id_zavcharge_plans_id_fk" FOREIGN KEY ("zavcharge_plan_id") REFERENCES "public"."zavcharge_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_zavcharge_account_idx" ON "order_items" USING btree ("zavcharge_account_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_zavcharge_unique" UNIQUE("cart_id","kind","zavcharge_account_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_check" CHECK ("cart_items"."kind" in ('variant', 'course', 'wallet_topup', 'plan_renewal'));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_target_check" CHECK (("cart_items"."kind" = 'variant' and "cart_items"."variant_id" is not null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_account_id" is null)
       or ("cart_items"."kind" = 'course' and "cart_items"."course_intake_id" is not null and "cart_items"."variant_id" is null and "cart_items"."zavcharge_account_id" is null and "cart_items"."quantity" = 1)
       or ("cart_items"."kind" = 'wallet_topup' and "cart_items"."zavcharge_account_id" is not null and "cart_items"."amount_kobo" > 0 and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_plan_id" is null and "cart_items"."quantity" = 1)
       or ("cart_items"."kind" = 'plan_renewal' and "cart_items"."zavcharge_account_id" is not null and "cart_items"."zavcharge_plan_id" is not null and "cart_items"."amount_kobo" is null and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."quantity" = 1));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."kind" in ('variant', 'course', 'wallet_topup', 'plan_renewal'));