ALTER TABLE "two_factor_sms_codes" DROP CONSTRAINT "two_factor_sms_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "two_factor_sms_codes" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "zavcharge_accounts" ADD COLUMN "welcome_awaits_phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "zavcharge_accounts" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "two_factor_sms_codes" ADD CONSTRAINT "two_factor_sms_codes_purpose_check" CHECK ("two_factor_sms_codes"."purpose" in ('verify-phone', 'sign-in', 'prove-phone'));