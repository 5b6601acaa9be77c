/**
 * Keyword dictionaries behind the complexity factors (seed 001 Step 2).
 * Whole-word matches; names that are also common English words ("Square",
 * "Slack", "Segment", "Zoom") only count when capitalised. To teach the
 * assessment a new domain, system or regulation, add a row here and a test.
 */

export interface Term {
  label: string;
  /** Case-insensitive pattern. */
  any?: RegExp;
  /** Case-sensitive pattern, for names that are also ordinary words. */
  exact?: RegExp;
  /** Counted only when no other term of the same family was found ("AWS" when no AWS service is named). */
  fallbackFor?: string;
  /** Generic words of the term (case-insensitive): evidence only when they appear on two or more lines. */
  weak?: RegExp;
}

/**
 * Domains count on evidence, not on one word: a named technology
 * (`any`/`exact`: React, Postgres, Kafka, GitHub Actions, JWT…) is evidence
 * on its own; the domain's generic words (`weak`: "API", "database",
 * "security", "checkout", "migration"…) count only when they recur on two or
 * more lines, so "PCI" as a bus, a git checkout or one "API" in passing is not
 * a domain.
 */
export const DOMAINS: readonly Term[] = [
  {
    label: 'frontend/UI',
    any: /\b(react|vue|angular|svelte|tailwind|webview|next\.js|vite)\b/i,
    weak: /\b(front-?end|ui|ux|user interface|css|html|browser|dom)\b/i,
  },
  {
    label: 'backend/API',
    any: /\b(graphql|grpc|express|fastify|django|flask|rails|spring boot|http handlers?)\b/i,
    exact: /\bREST(ful)?\b/,
    weak: /\b(back-?end|apis?|endpoints?|server-side|middleware|controllers?)\b/i,
  },
  {
    label: 'database/storage',
    any: /\b(postgres(ql)?|mysql|mariadb|sqlite|mongo(db)?|redis|dynamodb|cassandra|elasticsearch|opensearch|orm|prisma|typeorm|sequelize|knex|object storage|blob storage)\b/i,
    weak: /\b(databases?|sql|migrations?|storage)\b/i,
  },
  {
    label: 'infrastructure/devops/CI',
    any: /\b(github actions|gitlab ci|ci\/cd|docker(file)?|kubernetes|k8s|helm|terraform|pulumi|ansible|nginx|load balancers?|cdn|serverless)\b/i,
    weak: /\b(infrastructure|infra|devops|ci|deploy(ment|ments|ing|s)?)\b/i,
  },
  {
    label: 'security/auth',
    any: /\b(oauth2?|oidc|sso|saml|jwt|tls|ssl|csrf|xss|cors|rbac)\b/i,
    weak: /\b(security|auth|authentication|authori[sz]ation|passwords?|encrypt(ion|ed)?|permissions?|secrets?|vulnerabilit(y|ies)|api keys?)\b/i,
  },
  {
    label: 'data/ML',
    any: /\b(machine learning|model training|training data|feature store|spark|airflow|dbt|data warehouse|bigquery|snowflake|redshift|llms?)\b/i,
    weak: /\b(ml|etl|elt|data pipelines?|analytics|embeddings?|datasets?|inference)\b/i,
  },
  {
    label: 'mobile',
    any: /\b(ios|android|react native|flutter|swiftui|app store|play store|push notifications?)\b/i,
    weak: /\b(mobile)\b/i,
  },
  {
    label: 'messaging/queues',
    any: /\b(message queues?|kafka|rabbitmq|sqs|sns|pub\/sub|pubsub|event bus|eventbridge|nats|celery|sidekiq|bullmq)\b/i,
    weak: /\b(queues?|consumers?|producers?|background jobs?)\b/i,
  },
  {
    label: 'observability',
    any: /\b(observability|opentelemetry|otel|prometheus|grafana|datadog|sentry|new relic|pagerduty|slos?)\b/i,
    weak: /\b(monitoring|metrics|logging|tracing|alerts?|alerting|dashboards?)\b/i,
  },
  {
    label: 'payments/billing',
    any: /\b(chargebacks?|payouts?|payment (gateway|provider|processor)s?)\b/i,
    weak: /\b(payments?|billing|invoices?|invoicing|checkout|subscriptions?|refunds?)\b/i,
  },
];

export const INTEGRATIONS: readonly Term[] = [
  { label: 'Stripe', any: /\bstripe\b/i },
  { label: 'PayPal', any: /\bpaypal\b/i },
  { label: 'Braintree', any: /\bbraintree\b/i },
  { label: 'Adyen', any: /\badyen\b/i },
  { label: 'Square', exact: /\bSquare (API|payments?|POS)\b/ },
  { label: 'Plaid', exact: /\bPlaid\b/ },
  { label: 'Klarna', any: /\bklarna\b/i },
  { label: 'Apple Pay', any: /\bapple pay\b/i },
  { label: 'Google Pay', any: /\bgoogle pay\b/i },
  { label: 'AWS S3', any: /\b(aws\s+)?s3\b/i },
  { label: 'AWS SQS', any: /\b(aws\s+)?sqs\b/i },
  { label: 'AWS SNS', any: /\b(aws\s+)?sns\b/i },
  { label: 'AWS Lambda', any: /\baws lambda\b/i, exact: /\bLambda (function|functions|handler)\b/ },
  { label: 'AWS SES', any: /\b(aws ses|amazon ses)\b/i },
  { label: 'AWS DynamoDB', any: /\bdynamodb\b/i },
  { label: 'AWS Kinesis', any: /\bkinesis\b/i },
  { label: 'AWS KMS', any: /\b(aws\s+)?kms\b/i },
  { label: 'AWS Cognito', any: /\bcognito\b/i },
  { label: 'AWS EventBridge', any: /\beventbridge\b/i },
  { label: 'AWS', any: /\b(aws|amazon web services)\b/i, fallbackFor: 'AWS ' },
  { label: 'Google Cloud Pub/Sub', any: /\b(google\s+)?(cloud\s+)?pub\/sub\b/i },
  { label: 'Google Cloud Storage', any: /\b(gcs|google cloud storage)\b/i },
  { label: 'BigQuery', any: /\bbigquery\b/i },
  { label: 'Firebase', any: /\b(firebase|firestore)\b/i },
  { label: 'Azure', any: /\bazure\b/i },
  { label: 'GitHub API', any: /\b(github\s+(api|app|apps|webhooks?|graphql)|octokit)\b/i },
  { label: 'GitLab API', any: /\bgitlab\s+(api|webhooks?)\b/i },
  { label: 'Slack', exact: /\bSlack\b/ },
  { label: 'Discord', exact: /\bDiscord\b/ },
  { label: 'Microsoft Teams', any: /\b(ms|microsoft)\s+teams\b/i },
  { label: 'Microsoft Graph', any: /\bmicrosoft graph\b/i },
  { label: 'Twilio', any: /\btwilio\b/i },
  { label: 'SendGrid', any: /\bsendgrid\b/i },
  { label: 'Mailgun', any: /\bmailgun\b/i },
  { label: 'Postmark', exact: /\bPostmark\b/ },
  { label: 'Mailchimp', any: /\bmailchimp\b/i },
  { label: 'OpenAI', any: /\b(openai|chatgpt|gpt-?4o?|gpt-?5)\b/i },
  { label: 'Anthropic', any: /\b(anthropic|claude api)\b/i },
  { label: 'Salesforce', any: /\bsalesforce\b/i },
  { label: 'HubSpot', any: /\bhubspot\b/i },
  { label: 'Zendesk', any: /\bzendesk\b/i },
  { label: 'Intercom', exact: /\bIntercom\b/ },
  { label: 'Jira', any: /\bjira\b/i },
  { label: 'Shopify', any: /\bshopify\b/i },
  { label: 'Auth0', any: /\bauth0\b/i },
  { label: 'Okta', any: /\bokta\b/i },
  { label: 'Google OAuth', any: /\b(google\s+(oauth|sign-?in|login)|sign in with google)\b/i },
  { label: 'Apple Sign In', any: /\b(sign in with apple|apple sign-?in)\b/i },
  { label: 'Supabase', any: /\bsupabase\b/i },
  { label: 'Segment', exact: /\bSegment (API|events?|SDK)\b/ },
  { label: 'Mixpanel', any: /\bmixpanel\b/i },
  { label: 'Amplitude', exact: /\bAmplitude\b/ },
  { label: 'Sentry', exact: /\bSentry\b/ },
  { label: 'Datadog', any: /\bdatadog\b/i },
  { label: 'PagerDuty', any: /\bpagerduty\b/i },
  { label: 'QuickBooks', any: /\bquickbooks\b/i },
  { label: 'Xero', exact: /\bXero\b/ },
  { label: 'Google Maps', any: /\bgoogle maps\b/i },
  { label: 'Mapbox', any: /\bmapbox\b/i },
  { label: 'Cloudflare', any: /\bcloudflare\b/i },
  { label: 'Vercel', any: /\bvercel\b/i },
  { label: 'Heroku', any: /\bheroku\b/i },
  { label: 'Netlify', any: /\bnetlify\b/i },
  { label: 'Algolia', any: /\balgolia\b/i },
  { label: 'Contentful', any: /\bcontentful\b/i },
  { label: 'DocuSign', any: /\bdocusign\b/i },
  { label: 'Zoom', exact: /\bZoom (API|SDK|meetings?)\b/ },
  { label: 'Snowflake', exact: /\bSnowflake\b/ },
  {
    label: 'unnamed third-party API',
    any: /\b((third[- ]party|external)\s+(apis?|services?|providers?|systems?|vendors?)|payment\s+(gateways?|providers?|processors?)|oauth\s+providers?|webhooks?\s+from)\b/i,
    fallbackFor: '',
  },
];

export const COMPLIANCE: readonly Term[] = [
  { label: 'GDPR', any: /\bgdpr\b/i },
  { label: 'HIPAA', any: /\bhipaa\b/i },
  { label: 'SOC 2', any: /\bsoc\s?-?(2|ii)\b/i },
  // "PCI" alone is also a bus: only the standard, its scope or cardholder data count.
  { label: 'PCI DSS', any: /\bpci[\s-]?dss\b|\bpci\s+(compliance|compliant|scope|requirements?|audit)\b|\bcardholder\s+data\b/i },
  { label: 'SOX', exact: /\bSOX\b/, any: /\bsarbanes[- ]oxley\b/i },
  { label: 'CCPA', any: /\b(ccpa|cpra)\b/i },
  { label: 'FERPA', any: /\bferpa\b/i },
  { label: 'COPPA', any: /\bcoppa\b/i },
  { label: 'ISO 27001', any: /\biso\s?27001\b/i },
  { label: 'FedRAMP', any: /\bfedramp\b/i },
  { label: 'PSD2', any: /\bpsd2\b/i },
  { label: 'KYC/AML', exact: /\b(KYC|AML)\b/ },
  { label: 'audit log requirements', any: /\baudit\s+(logs?|logging|trails?)\b/i },
  { label: 'data residency', any: /\bdata\s+(residency|sovereignty|localization)\b/i },
  { label: 'right to be forgotten', any: /\bright\s+to\s+(be\s+forgotten|erasure)\b/i },
  { label: 'data retention policy', any: /\b(data\s+)?retention\s+(policy|policies|requirements?|period)\b/i },
  // A regulation, a regulator or an auditor; "compliant" alone ("Linter-compliant", "architecture compliance") is not regulatory context.
  {
    label: 'regulatory requirements',
    any: /\b(regulatory|regulators?|regulations?|auditors?|statutory|legal\s+requirements?|data[- ]protection\s+(law|duty|duties|act|officer))\b/i,
  },
  {
    label: 'standard compliance',
    any: /\b(wcag|section\s+508|basel\s+(ii|iii|iv|3(\.1)?)|mifid\s?(ii|2)?|iso\s?(27001|27701|27017|9001|13485|14971|26262|42001))\b/i,
    exact: /\b(CRR\d?|NIS2|DORA)\b/,
  },
  // "no PII", "without personal data": the absence of personal data is not a data-protection duty.
  { label: 'personal data (PII/PHI)', any: /(?<!\b(?:no|without|not|never)\s)\b(pii|phi|personal(ly)?\s+(identifiable\s+)?(data|information))\b/i },
];

/** Operations a "fix a typo"-sized plan never involves; any of them rules TRIVIAL out. */
export const RISKY_OPERATIONS =
  /\b(migrat\w*|drop|delete|deletion|rewrite|redesign|re-?architect\w*|refactor\w*|deploy\w*|production|prod|schema|auth\w*|payments?|security|encrypt\w*|data loss|backfill|roll\s*-?\s*back|roll\s*-?\s*out|breaking change)\b/i;

/** Labels of the terms found in `text`, honouring `fallbackFor`. */
export function termsIn(text: string, terms: readonly Term[]): string[] {
  const hits = terms.filter((t) => (t.any?.test(text) ?? false) || (t.exact?.test(text) ?? false) || (t.weak !== undefined && onTwoLines(text, t.weak)));
  const named = hits.filter((t) => t.fallbackFor === undefined);
  return hits.filter((t) => t.fallbackFor === undefined || !named.some((n) => n.label.startsWith(t.fallbackFor as string))).map((t) => t.label);
}

/** Does `pattern` match on at least two different lines of `text`? */
function onTwoLines(text: string, pattern: RegExp): boolean {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let firstLine = -1;
  for (const m of text.matchAll(global)) {
    const at = m.index ?? 0;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    if (firstLine === -1) firstLine = lineStart;
    else if (lineStart !== firstLine) return true;
  }
  return false;
}
