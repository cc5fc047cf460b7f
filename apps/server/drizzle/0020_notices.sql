CREATE TABLE "campaign_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"author_id" integer,
	"from_staff" boolean NOT NULL,
	"text" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_email_types" (
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	CONSTRAINT "notice_email_types_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "notice_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"external_id" text,
	"type" smallint NOT NULL,
	"text" text,
	"key" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"campaign_id" integer,
	"sent_by" integer,
	"mail_status" text DEFAULT 'none' NOT NULL,
	"viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_email_types" ADD CONSTRAINT "notice_email_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_messages_campaign_created_idx" ON "campaign_messages" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_messages_unread_customer_idx" ON "campaign_messages" USING btree ("campaign_id") WHERE not "campaign_messages"."from_staff" and "campaign_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notice_templates_name_idx" ON "notice_templates" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "notices_user_created_idx" ON "notices" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notices_user_unread_idx" ON "notices" USING btree ("user_id") WHERE "notices"."viewed_at" is null;--> statement-breakpoint
CREATE INDEX "notices_mail_pending_idx" ON "notices" USING btree ("id") WHERE "notices"."mail_status" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_user_active_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."active";--> statement-breakpoint
-- Hand-written: the texts of the notice mail (a notice the customer chose to receive by e-mail), in the four languages.
INSERT INTO "email_templates" ("name", "locale", "subject", "body", "action", "footer") VALUES
  ('notice', 'en-US', 'A new notice from Storelift', E'Hello, {{name}}!\n\n{{text}}', 'Open Storelift', 'You receive this mail because you chose this kind of notice on My profile.'),
  ('notice', 'es-ES', 'Un nuevo aviso de Storelift', E'¡Hola, {{name}}!\n\n{{text}}', 'Abrir Storelift', 'Recibes este correo porque elegiste este tipo de aviso en Mi perfil.'),
  ('notice', 'uk-UA', 'Нове повідомлення від Storelift', E'Вітаємо, {{name}}!\n\n{{text}}', 'Відкрити Storelift', 'Ви отримали цей лист, бо обрали такий тип повідомлень у Моєму профілі.'),
  ('notice', 'ru-RU', 'Новое уведомление от Storelift', E'Здравствуйте, {{name}}!\n\n{{text}}', 'Открыть Storelift', 'Вы получили это письмо, потому что выбрали такой тип уведомлений в Моём профиле.') ON CONFLICT DO NOTHING;
