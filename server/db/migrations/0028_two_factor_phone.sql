CREATE TABLE "two_factor_phones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "two_factor_phones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "two_factor_phones_status_check" CHECK ("two_factor_phones"."status" in ('unverified', 'verified'))
);
--> statement-breakpoint
CREATE TABLE "two_factor_sms_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "two_factor_sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"phone_id" integer,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "two_factor_sms_codes_purpose_check" CHECK ("two_factor_sms_codes"."purpose" in ('verify-phone', 'sign-in'))
);
--> statement-breakpoint
ALTER TABLE "two_factor_phones" ADD CONSTRAINT "two_factor_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_sms_codes" ADD CONSTRAINT "two_factor_sms_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_sms_codes" ADD CONSTRAINT "two_factor_sms_codes_phone_id_two_factor_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."two_factor_phones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_phones_user_status_idx" ON "two_factor_phones" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "two_factor_sms_codes_user_idx" ON "two_factor_sms_codes" USING btree ("user_id","created_at");