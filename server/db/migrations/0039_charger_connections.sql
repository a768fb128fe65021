CREATE TABLE "charger_commands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charger_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"charger_id" integer NOT NULL,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"instance_id" text NOT NULL,
	"epoch" bigint NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	CONSTRAINT "charger_commands_status_check" CHECK ("charger_commands"."status" in ('queued', 'sent', 'answered', 'failed', 'unknown', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "charger_connections" (
	"charger_id" integer PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"epoch" bigint NOT NULL,
	"connected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charger_commands" ADD CONSTRAINT "charger_commands_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_connections" ADD CONSTRAINT "charger_connections_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_commands_open_idx" ON "charger_commands" USING btree ("instance_id","status") WHERE "charger_commands"."status" in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "charger_commands_requested_idx" ON "charger_commands" USING btree ("requested_at");