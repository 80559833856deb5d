CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"reservation_id" uuid,
	"order_number" text,
	"quantity" integer NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_percent" numeric(5, 2) NOT NULL,
	"vat_cents" bigint NOT NULL,
	CONSTRAINT "invoice_lines_position_key" UNIQUE("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"month" text NOT NULL,
	"corrects_invoice_id" uuid,
	"issue_date" date NOT NULL,
	"supply_from" date NOT NULL,
	"supply_to" date NOT NULL,
	"supplier" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"pdf" "bytea" NOT NULL,
	"ubl" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_year_sequence_key" UNIQUE("year","sequence"),
	CONSTRAINT "invoices_once_key" UNIQUE NULLS NOT DISTINCT("tenant_id","month","kind","corrects_invoice_id")
);
--> statement-breakpoint
ALTER TABLE "reservation_products" ADD COLUMN "fee_vat_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "kvk_number" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "kvk_branch_number" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "vat_regime" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_month_idx" ON "invoices" USING btree ("month");--> statement-breakpoint
CREATE INDEX "invoices_tenant_idx" ON "invoices" USING btree ("tenant_id","issue_date");