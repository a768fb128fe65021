CREATE TABLE "marketplace_saved_listings" (
	"user_id" text NOT NULL,
	"listing_id" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_saved_listings_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "marketplace_payouts" DROP CONSTRAINT "marketplace_payouts_status_check";--> statement-breakpoint
ALTER TABLE "marketplace_payouts" ADD COLUMN "transfer_reference" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "transfer_recipient_code" text;--> statement-breakpoint
ALTER TABLE "marketplace_saved_listings" ADD CONSTRAINT "marketplace_saved_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_saved_listings" ADD CONSTRAINT "marketplace_saved_listings_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_saved_listings_user_idx" ON "marketplace_saved_listings" USING btree ("user_id","saved_at");--> statement-breakpoint
ALTER TABLE "marketplace_payouts" ADD CONSTRAINT "marketplace_payouts_transfer_reference_unique" UNIQUE("transfer_reference");--> statement-breakpoint
ALTER TABLE "marketplace_payouts" ADD CONSTRAINT "marketplace_payouts_status_check" CHECK ("marketplace_payouts"."status" in ('requested', 'sending', 'paid', 'declined', 'failed'));