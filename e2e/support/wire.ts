/** The apps service's answers as the tests read them (SPEC §3 App and Template; docs/decisions.md "Apps and templates"). */
export interface AppRow {
  id: string;
  url: string;
  api_key: string;
  publishable_key: string | null;
  allowed_origin: string;
  daily_spend_cap: string;
  status: string;
  subscription_id: string | null;
  created_at: string;
}

export interface TemplateRow {
  id: string;
  app_id: string;
  name: string;
  description: string;
  code: string;
  status: string;
}
