CREATE TABLE "referral_commissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer NOT NULL,
	"referrer_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"base_kobo" bigint NOT NULL,
	"rate_percent" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "referral_commissions_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "referral_commissions_status_check" CHECK ("referral_commissions"."status" in ('pending', 'approved', 'paid', 'reversed', 'refused')),
	CONSTRAINT "referral_commissions_amount_check" CHECK ("referral_commissions"."amount_kobo" > 0 and "referral_commissions"."amount_kobo" <= "referral_commissions"."base_kobo"),
	CONSTRAINT "referral_commissions_rate_check" CHECK ("referral_commissions"."rate_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "referral_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_id" integer,
	"payout_id" integer,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_ledger_kind_check" CHECK ("referral_ledger"."kind" in ('approved', 'reversed', 'payout')),
	CONSTRAINT "referral_ledger_sign_check" CHECK (("referral_ledger"."kind" = 'approved') = ("referral_ledger"."amount_kobo" > 0) and "referral_ledger"."amount_kobo" <> 0)
);
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_payouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "referral_payouts_destination_check" CHECK ("referral_payouts"."destination" in ('wallet', 'bank')),
	CONSTRAINT "referral_payouts_status_check" CHECK ("referral_payouts"."status" in ('paid')),
	CONSTRAINT "referral_payouts_amount_check" CHECK ("referral_payouts"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "zavcharge_wallet_entries" DROP CONSTRAINT "zavcharge_wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_status_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "ships" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Lines already sold: courses, ZavCharge top-ups and plans, and marketplace designs or pick-ups are not delivered.
UPDATE "order_items" SET "ships" = false WHERE "kind" IN ('course', 'wallet_topup', 'plan_renewal') OR ("kind" = 'listing' AND EXISTS (SELECT 1 FROM "marketplace_listings" l WHERE l."id" = "order_items"."listing_id" AND (l."kind" <> 'product' OR l."delivery" = 'pickup')));--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "signup_ip_hash" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_ledger" ADD CONSTRAINT "referral_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_ledger" ADD CONSTRAINT "referral_ledger_commission_id_referral_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."referral_commissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_ledger" ADD CONSTRAINT "referral_ledger_payout_id_referral_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."referral_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_commissions_referrer_idx" ON "referral_commissions" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_pending_idx" ON "referral_commissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_order_idx" ON "referral_commissions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_ledger_reference_idx" ON "referral_ledger" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "referral_ledger_user_idx" ON "referral_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "referral_payouts_user_idx" ON "referral_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_flagged_idx" ON "referrals" USING btree ("status","bound_at");--> statement-breakpoint
CREATE INDEX "referrals_signup_ip_idx" ON "referrals" USING btree ("signup_ip_hash","bound_at");--> statement-breakpoint
ALTER TABLE "zavcharge_wallet_entries" ADD CONSTRAINT "zavcharge_wallet_entries_kind_check" CHECK ("zavcharge_wallet_entries"."kind" in ('welcome_credit', 'top_up', 'charging', 'plan_renewal', 'refund', 'adjustment', 'referral_payout'));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_flag_check" CHECK (("referrals"."status" = 'flagged') <= ("referrals"."flag" is not null));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('active', 'flagged', 'refused'));