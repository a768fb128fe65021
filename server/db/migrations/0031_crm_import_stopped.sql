ALTER TABLE "crm_imports" DROP CONSTRAINT "crm_imports_status_check";--> statement-breakpoint
ALTER TABLE "crm_imports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "crm_imports" ADD CONSTRAINT "crm_imports_status_check" CHECK ("crm_imports"."status" in ('ready', 'queued', 'done', 'cancelled', 'stopped'));