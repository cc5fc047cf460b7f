CREATE TABLE "avatars" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatars_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "two_factor_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_user_idx" ON "two_factor_recovery_codes" USING btree ("user_id");--> statement-breakpoint
-- Hand-written: the texts of the password-changed mail (My profile), in the four languages.
INSERT INTO "email_templates" ("name", "locale", "subject", "body", "action", "footer") VALUES
  ('password-changed', 'en-US', 'Your Storelift password was changed', E'Hello, {{name}}!\n\nThe password of your account was changed, and every other session was signed out.', 'Not you? Reset your password', 'If you changed it yourself, there is nothing to do.'),
  ('password-changed', 'es-ES', 'Se cambió tu contraseña de Storelift', E'¡Hola, {{name}}!\n\nSe cambió la contraseña de tu cuenta y se cerraron todas las demás sesiones.', '¿No fuiste tú? Restablece tu contraseña', 'Si la cambiaste tú, no tienes que hacer nada.'),
  ('password-changed', 'uk-UA', 'Пароль Storelift змінено', E'Вітаємо, {{name}}!\n\nПароль вашого облікового запису змінено, усі інші сеанси завершено.', 'Це були не ви? Скиньте пароль', 'Якщо ви змінили його самі, нічого робити не потрібно.'),
  ('password-changed', 'ru-RU', 'Пароль Storelift изменён', E'Здравствуйте, {{name}}!\n\nПароль вашей учётной записи изменён, все остальные сеансы завершены.', 'Это были не вы? Сбросьте пароль', 'Если вы изменили его сами, ничего делать не нужно.') ON CONFLICT DO NOTHING;
