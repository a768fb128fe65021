ALTER TABLE "distribution_payments" DROP CONSTRAINT "distribution_payments_status_check";--> statement-breakpoint
ALTER TABLE "distribution_payments" DROP CONSTRAINT "distribution_payments_paid_check";--> statement-breakpoint
ALTER TABLE "investments" DROP CONSTRAINT "investments_redeemed_check";--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD COLUMN "transfer_reference" text;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD COLUMN "transfer_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD COLUMN "transfer_note" text;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "redemption_kobo" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "redemption_transfer_reference" text;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "redemption_transfer_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "redemption_transfer_note" text;--> statement-breakpoint
-- Principal paid back before reinvestment existed was the principal alone.
UPDATE "investments" SET "redemption_kobo" = "principal_kobo" WHERE "status" = 'redeemed';--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_transfer_reference_unique" UNIQUE("transfer_reference");--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_redemption_transfer_reference_unique" UNIQUE("redemption_transfer_reference");--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_status_check" CHECK ("distribution_payments"."status" in ('scheduled', 'sending', 'paid', 'reinvested'));--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_paid_check" CHECK ("distribution_payments"."status" <> 'paid' or ("distribution_payments"."paid_at" is not null and "distribution_payments"."reference" is not null));--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_redeemed_check" CHECK ("investments"."status" <> 'redeemed' or ("investments"."redemption_reference" is not null and "investments"."ended_at" is not null and "investments"."redemption_kobo" is not null));