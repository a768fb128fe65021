CREATE TABLE "sign_in_devices" (
	"user_id" text NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "referral_payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"account_verified" boolean DEFAULT false NOT NULL,
	"transfer_recipient_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_ledger" DROP CONSTRAINT "referral_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "referral_ledger" DROP CONSTRAINT "referral_ledger_sign_check";--> statement-breakpoint
ALTER TABLE "referral_payouts" DROP CONSTRAINT "referral_payouts_status_check";--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "account_verified" boolean;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "transfer_reference" text;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payout_accounts" ADD CONSTRAINT "referral_payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_devices_hash_idx" ON "sign_in_devices" USING btree ("device_hash");--> statement-breakpoint
CREATE INDEX "referral_payout_accounts_number_idx" ON "referral_payout_accounts" USING btree ("account_number","bank_code");--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_payout_id_referral_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."referral_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_payouts_status_idx" ON "referral_payouts" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_transfer_reference_unique" UNIQUE("transfer_reference");--> statement-breakpoint
ALTER TABLE "referral_ledger" ADD CONSTRAINT "referral_ledger_kind_check" CHECK ("referral_ledger"."kind" in ('approved', 'reversed', 'payout', 'payout_returned'));--> statement-breakpoint
ALTER TABLE "referral_ledger" ADD CONSTRAINT "referral_ledger_sign_check" CHECK (("referral_ledger"."kind" in ('approved', 'payout_returned')) = ("referral_ledger"."amount_kobo" > 0) and "referral_ledger"."amount_kobo" <> 0);--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_wallet_paid_check" CHECK ("referral_payouts"."destination" = 'bank' or "referral_payouts"."status" = 'paid');--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_bank_account_check" CHECK (("referral_payouts"."destination" = 'bank') = ("referral_payouts"."account_number" is not null));--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_status_check" CHECK ("referral_payouts"."status" in ('requested', 'sending', 'paid', 'declined', 'failed'));