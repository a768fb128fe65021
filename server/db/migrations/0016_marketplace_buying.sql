CREATE TABLE "sub_order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sub_order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"seller_id" uuid,
	"position" integer NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"subtotal_kobo" bigint NOT NULL,
	"shipping_kobo" bigint NOT NULL,
	"commission_kobo" bigint DEFAULT 0 NOT NULL,
	"tracking_note" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_orders_order_position_unique" UNIQUE("order_id","position"),
	CONSTRAINT "sub_orders_status_check" CHECK ("sub_orders"."status" in ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')),
	CONSTRAINT "sub_orders_amounts_check" CHECK ("sub_orders"."subtotal_kobo" > 0 and "sub_orders"."shipping_kobo" >= 0 and "sub_orders"."commission_kobo" >= 0 and "sub_orders"."commission_kobo" <= "sub_orders"."subtotal_kobo")
);
--> statement-breakpoint
CREATE TABLE "marketplace_download_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_download_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"listing_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"downloads_used" integer DEFAULT 0 NOT NULL,
	"max_downloads" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_download_grants_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "marketplace_download_grants_count_check" CHECK ("marketplace_download_grants"."downloads_used" >= 0 and "marketplace_download_grants"."downloads_used" <= "marketplace_download_grants"."max_downloads")
);
--> statement-breakpoint
CREATE TABLE "marketplace_earnings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_earnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" uuid NOT NULL,
	"sub_order_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"available_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_earnings_sub_order_id_unique" UNIQUE("sub_order_id"),
	CONSTRAINT "marketplace_earnings_status_check" CHECK ("marketplace_earnings"."status" in ('held', 'reversed')),
	CONSTRAINT "marketplace_earnings_amount_check" CHECK ("marketplace_earnings"."amount_kobo" >= 0 and "marketplace_earnings"."commission_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_reference" text,
	"note" text,
	"requested_by" text,
	"decided_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "marketplace_payouts_status_check" CHECK ("marketplace_payouts"."status" in ('requested', 'paid', 'declined')),
	CONSTRAINT "marketplace_payouts_amount_check" CHECK ("marketplace_payouts"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_stock_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_stock_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"listing_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_stock_holds_order_listing_unique" UNIQUE("order_id","listing_id"),
	CONSTRAINT "marketplace_stock_holds_quantity_check" CHECK ("marketplace_stock_holds"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_kind_check";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_kind_target_check";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_kind_check";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "listing_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "listing_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sub_order_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "commission_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_order_events" ADD CONSTRAINT "sub_order_events_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_order_events" ADD CONSTRAINT "sub_order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_orders" ADD CONSTRAINT "sub_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_orders" ADD CONSTRAINT "sub_orders_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_download_grants" ADD CONSTRAINT "marketplace_download_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_download_grants" ADD CONSTRAINT "marketplace_download_grants_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_download_grants" ADD CONSTRAINT "marketplace_download_grants_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_earnings" ADD CONSTRAINT "marketplace_earnings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_earnings" ADD CONSTRAINT "marketplace_earnings_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_payouts" ADD CONSTRAINT "marketplace_payouts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_payouts" ADD CONSTRAINT "marketplace_payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_payouts" ADD CONSTRAINT "marketplace_payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_stock_holds" ADD CONSTRAINT "marketplace_stock_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_stock_holds" ADD CONSTRAINT "marketplace_stock_holds_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sub_order_events_sub_order_idx" ON "sub_order_events" USING btree ("sub_order_id","created_at");--> statement-breakpoint
CREATE INDEX "sub_orders_seller_idx" ON "sub_orders" USING btree ("seller_id","status","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_download_grants_user_idx" ON "marketplace_download_grants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_earnings_seller_idx" ON "marketplace_earnings" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_payouts_seller_idx" ON "marketplace_payouts" USING btree ("seller_id","requested_at");--> statement-breakpoint
CREATE INDEX "marketplace_payouts_status_idx" ON "marketplace_payouts" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_sub_order_idx" ON "order_items" USING btree ("sub_order_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_listing_unique" UNIQUE("cart_id","listing_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_check" CHECK ("cart_items"."kind" in ('variant', 'course', 'wallet_topup', 'plan_renewal', 'listing'));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_target_check" CHECK (("cart_items"."kind" = 'variant' and "cart_items"."variant_id" is not null and "cart_items"."listing_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_account_id" is null)
       or ("cart_items"."kind" = 'course' and "cart_items"."course_intake_id" is not null and "cart_items"."variant_id" is null and "cart_items"."zavcharge_account_id" is null and "cart_items"."quantity" = 1)
       or ("cart_items"."kind" = 'wallet_topup' and "cart_items"."zavcharge_account_id" is not null and "cart_items"."amount_kobo" > 0 and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_plan_id" is null and "cart_items"."quantity" = 1)
       or ("cart_items"."kind" = 'plan_renewal' and "cart_items"."zavcharge_account_id" is not null and "cart_items"."zavcharge_plan_id" is not null and "cart_items"."amount_kobo" is null and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."quantity" = 1)
       or ("cart_items"."kind" = 'listing' and "cart_items"."listing_id" is not null and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_account_id" is null and "cart_items"."amount_kobo" is null));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_commission_check" CHECK ("order_items"."commission_kobo" >= 0 and "order_items"."commission_kobo" <= "order_items"."line_total_kobo");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."kind" in ('variant', 'course', 'wallet_topup', 'plan_renewal', 'listing'));--> statement-breakpoint
-- Orders placed before the marketplace sold anything are one part: the house's, moving with the order.
INSERT INTO "sub_orders" ("order_id", "seller_id", "position", "status", "subtotal_kobo", "shipping_kobo", "commission_kobo", "created_at", "updated_at")
SELECT "id", NULL, 1, "status", "subtotal_kobo", "shipping_kobo", 0, "created_at", "updated_at" FROM "orders";--> statement-breakpoint
UPDATE "order_items" SET "sub_order_id" = "sub_orders"."id" FROM "sub_orders" WHERE "sub_orders"."order_id" = "order_items"."order_id" AND "order_items"."sub_order_id" IS NULL;
