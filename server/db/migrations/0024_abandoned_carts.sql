CREATE TABLE "cart_abandonments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_abandonments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"customer_name" text NOT NULL,
	"items" jsonb NOT NULL,
	"value_kobo" bigint NOT NULL,
	"abandoned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"end_reason" text,
	"ended_at" timestamp with time zone,
	"consent_basis" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"first_reminder_at" timestamp with time zone,
	"last_reminder_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"recovered_order_id" uuid,
	"recovered_value_kobo" bigint,
	"recovered_at" timestamp with time zone,
	CONSTRAINT "cart_abandonments_cart_touch_unique" UNIQUE("cart_id","abandoned_at"),
	CONSTRAINT "cart_abandonments_order_unique" UNIQUE("recovered_order_id"),
	CONSTRAINT "cart_abandonments_status_check" CHECK ("cart_abandonments"."status" in ('open', 'ended', 'recovered')),
	CONSTRAINT "cart_abandonments_reminders_check" CHECK ("cart_abandonments"."reminders_sent" between 0 and 2),
	CONSTRAINT "cart_abandonments_consent_check" CHECK ("cart_abandonments"."consent_basis" is null or "cart_abandonments"."consent_basis" in ('agreed', 'account'))
);
--> statement-breakpoint
ALTER TABLE "cart_abandonments" ADD CONSTRAINT "cart_abandonments_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_abandonments" ADD CONSTRAINT "cart_abandonments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_abandonments" ADD CONSTRAINT "cart_abandonments_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_abandonments_user_idx" ON "cart_abandonments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cart_abandonments_abandoned_idx" ON "cart_abandonments" USING btree ("abandoned_at");