ALTER TABLE "invoice_lines" ADD COLUMN "item_description" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "fee_percent" numeric(5, 2);