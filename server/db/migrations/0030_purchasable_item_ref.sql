ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_kind_check";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_kind_target_check";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_kind_check";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "item_ref" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "item_ref" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_item_ref_unique" UNIQUE("cart_id","kind","item_ref");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_check" CHECK ("cart_items"."kind" ~ '^[a-z][a-z_]{1,30}$');--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_target_check" CHECK (("cart_items"."kind" = 'variant' and "cart_items"."variant_id" is not null and "cart_items"."listing_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_account_id" is null)
       or ("cart_items"."kind" = 'course' and "cart_items"."course_intake_id" is not null and "cart_items"."variant_id" is null and "cart_items"."zavcharge_account_id" is null and "cart_items"."quantity" = 1)
       or ("cart_items"."kind" = 'wallet_topup' and "cart_items"."zavcharge_account_id" is not null and "cart_items"."amount_kobo" > 0 and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_plan_id" is null and "cart_items"."quantity" = 1)
       or ("cart_items"."kind" = 'plan_renewal' and "cart_items"."zavcharge_account_id" is not null and "cart_items"."zavcharge_plan_id" is not null and "cart_items"."amount_kobo" is null and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."quantity" = 1)
       or ("cart_items"."kind" = 'listing' and "cart_items"."listing_id" is not null and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_account_id" is null and "cart_items"."amount_kobo" is null)
       or ("cart_items"."kind" not in ('variant', 'course', 'wallet_topup', 'plan_renewal', 'listing') and "cart_items"."item_ref" is not null and "cart_items"."variant_id" is null and "cart_items"."course_intake_id" is null and "cart_items"."zavcharge_account_id" is null and "cart_items"."listing_id" is null));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."kind" ~ '^[a-z][a-z_]{1,30}$');