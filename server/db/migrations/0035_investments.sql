CREATE TABLE "distribution_declarations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distribution_declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tier_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"basis" text NOT NULL,
	"pool_kobo" bigint,
	"rate_basis_points" integer,
	"note" text,
	"status" text DEFAULT 'awaiting_approval' NOT NULL,
	"declared_by" text NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"total_kobo" bigint,
	"remainder_kobo" bigint,
	"withholding_basis_points" integer,
	CONSTRAINT "distribution_declarations_status_check" CHECK ("distribution_declarations"."status" in ('awaiting_approval', 'approved', 'rejected')),
	CONSTRAINT "distribution_declarations_basis_check" CHECK (("distribution_declarations"."basis" = 'pool' and "distribution_declarations"."pool_kobo" > 0 and "distribution_declarations"."rate_basis_points" is null) or ("distribution_declarations"."basis" = 'rate' and "distribution_declarations"."rate_basis_points" > 0 and "distribution_declarations"."pool_kobo" is null)),
	CONSTRAINT "distribution_declarations_period_check" CHECK ("distribution_declarations"."period_end" > "distribution_declarations"."period_start"),
	CONSTRAINT "distribution_declarations_four_eyes_check" CHECK ("distribution_declarations"."decided_by" is null or "distribution_declarations"."decided_by" <> "distribution_declarations"."declared_by")
);
--> statement-breakpoint
CREATE TABLE "distribution_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distribution_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"declaration_id" integer NOT NULL,
	"investment_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"days" integer NOT NULL,
	"gross_kobo" bigint NOT NULL,
	"withholding_kobo" bigint NOT NULL,
	"net_kobo" bigint NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"paid_at" timestamp with time zone,
	"reference" text,
	"paid_by" text,
	CONSTRAINT "distribution_payments_once" UNIQUE("declaration_id","investment_id"),
	CONSTRAINT "distribution_payments_status_check" CHECK ("distribution_payments"."status" in ('scheduled', 'paid')),
	CONSTRAINT "distribution_payments_amounts_check" CHECK ("distribution_payments"."gross_kobo" >= 0 and "distribution_payments"."net_kobo" = "distribution_payments"."gross_kobo" - "distribution_payments"."withholding_kobo"),
	CONSTRAINT "distribution_payments_paid_check" CHECK ("distribution_payments"."status" = 'scheduled' or ("distribution_payments"."paid_at" is not null and "distribution_payments"."reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "investment_tiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"min_kobo" bigint NOT NULL,
	"max_kobo" bigint,
	"raise_cap_kobo" bigint,
	"expected_return_basis_points" integer NOT NULL,
	"tenor_months" integer NOT NULL,
	"distribution_frequency" text NOT NULL,
	"lockup_months" integer DEFAULT 0 NOT NULL,
	"early_redemption" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_tiers_name_unique" UNIQUE("name"),
	CONSTRAINT "investment_tiers_status_check" CHECK ("investment_tiers"."status" in ('open', 'closed')),
	CONSTRAINT "investment_tiers_frequency_check" CHECK ("investment_tiers"."distribution_frequency" in ('monthly', 'quarterly', 'yearly')),
	CONSTRAINT "investment_tiers_limits_check" CHECK ("investment_tiers"."min_kobo" > 0 and ("investment_tiers"."max_kobo" is null or "investment_tiers"."max_kobo" >= "investment_tiers"."min_kobo") and ("investment_tiers"."raise_cap_kobo" is null or "investment_tiers"."raise_cap_kobo" >= "investment_tiers"."min_kobo")),
	CONSTRAINT "investment_tiers_terms_check" CHECK ("investment_tiers"."tenor_months" between 1 and 120 and "investment_tiers"."lockup_months" between 0 and "investment_tiers"."tenor_months"),
	CONSTRAINT "investment_tiers_return_check" CHECK ("investment_tiers"."expected_return_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"tier_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"principal_kobo" bigint NOT NULL,
	"terms" jsonb NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"matures_at" timestamp with time zone,
	"lock_up_ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"reinvest" boolean DEFAULT false NOT NULL,
	"redemption_requested_at" timestamp with time zone,
	"redemption_reference" text,
	"redeemed_by" text,
	CONSTRAINT "investments_order_tier_unique" UNIQUE("order_id","tier_id"),
	CONSTRAINT "investments_status_check" CHECK ("investments"."status" in ('pending_payment', 'active', 'matured', 'redeemed', 'cancelled')),
	CONSTRAINT "investments_principal_check" CHECK ("investments"."principal_kobo" > 0),
	CONSTRAINT "investments_active_dates_check" CHECK ("investments"."status" in ('pending_payment', 'cancelled') or "investments"."activated_at" is not null),
	CONSTRAINT "investments_redeemed_check" CHECK ("investments"."status" <> 'redeemed' or ("investments"."redemption_reference" is not null and "investments"."ended_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "investor_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"legal_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"phone" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"income_band" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"account_verified" boolean DEFAULT false NOT NULL,
	"id_document_path" text NOT NULL,
	"id_document_type" text NOT NULL,
	"risk_accepted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_applications_status_check" CHECK ("investor_applications"."status" in ('pending', 'needs_info', 'approved', 'rejected')),
	CONSTRAINT "investor_applications_document_check" CHECK ("investor_applications"."id_document_type" in ('pdf', 'png', 'jpg', 'webp'))
);
--> statement-breakpoint
CREATE TABLE "investors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"application_id" uuid,
	"legal_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"phone" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"income_band" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"account_verified" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transfer_recipient_code" text
);
--> statement-breakpoint
ALTER TABLE "distribution_declarations" ADD CONSTRAINT "distribution_declarations_tier_id_investment_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."investment_tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_declarations" ADD CONSTRAINT "distribution_declarations_declared_by_users_id_fk" FOREIGN KEY ("declared_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_declarations" ADD CONSTRAINT "distribution_declarations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_declaration_id_distribution_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."distribution_declarations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_tier_id_investment_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."investment_tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_applications" ADD CONSTRAINT "investor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_applications" ADD CONSTRAINT "investor_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investors" ADD CONSTRAINT "investors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investors" ADD CONSTRAINT "investors_application_id_investor_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."investor_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_declarations_tier_idx" ON "distribution_declarations" USING btree ("tier_id","period_start");--> statement-breakpoint
CREATE INDEX "distribution_payments_user_idx" ON "distribution_payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "investments_tier_status_idx" ON "investments" USING btree ("tier_id","status");--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investor_applications_one_open_idx" ON "investor_applications" USING btree ("user_id") WHERE "investor_applications"."status" in ('pending', 'needs_info');--> statement-breakpoint
CREATE INDEX "investor_applications_status_idx" ON "investor_applications" USING btree ("status","submitted_at");