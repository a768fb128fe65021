CREATE TABLE "seller_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"business_name" text NOT NULL,
	"bio" text NOT NULL,
	"category" text NOT NULL,
	"phone" text NOT NULL,
	"pickup_state" text NOT NULL,
	"pickup_lga" text NOT NULL,
	"cac_number" text,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"account_verified" boolean DEFAULT false NOT NULL,
	"portfolio_url" text,
	"licence_body" text,
	"licence_number" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_applications_kind_check" CHECK ("seller_applications"."kind" in ('seller', 'architect')),
	CONSTRAINT "seller_applications_status_check" CHECK ("seller_applications"."status" in ('pending', 'needs_info', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"application_id" uuid,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"display_name" text NOT NULL,
	"bio" text NOT NULL,
	"category" text NOT NULL,
	"phone" text NOT NULL,
	"pickup_state" text NOT NULL,
	"pickup_lga" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"account_verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"suspended_reason" text,
	"suspended_at" timestamp with time zone,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sellers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "sellers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "sellers_kind_check" CHECK ("sellers"."kind" in ('seller', 'architect')),
	CONSTRAINT "sellers_status_check" CHECK ("sellers"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "seller_applications" ADD CONSTRAINT "seller_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_applications" ADD CONSTRAINT "seller_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_application_id_seller_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."seller_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_applications_one_open_idx" ON "seller_applications" USING btree ("user_id") WHERE "seller_applications"."status" in ('pending', 'needs_info');--> statement-breakpoint
CREATE INDEX "seller_applications_status_idx" ON "seller_applications" USING btree ("status","submitted_at");