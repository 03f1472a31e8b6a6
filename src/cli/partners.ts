import type { Command } from 'commander';
import { checkFeeRate, checkInvoiceDetails, checkPartnerName } from '../modules/partners/index.js';
import { type CliContext, output, positiveInt, UsageError, withServices } from './context.js';

export function registerPartnerCommands(program: Command, ctx: CliContext): void {
  const partner = program.command('partner').description('manage partners');
  partner
    .command('create')
    .description('create a partner with an API key and an access token (shown once)')
    .requiredOption('--name <name>', 'partner name')
    .option('--json', 'print one JSON object')
    .action(async (opts: { name: string; json?: boolean }) => {
      const name = checkPartnerName(opts.name);
      const created = await withServices(ctx, (s) => s.partners.createPartner(name));
      output(
        ctx,
        Boolean(opts.json),
        { ...created },
        [
          `Partner ${created.partner_id} created. Keep these; they are not shown again.`,
          `  API-key:       ${created.api_key}`,
          `  Access token:  ${created.access_token}`,
        ].join('\n'),
      );
    });

  partner
    .command('list')
    .description('list partners with their fee rate and number of active tokens (never a key or a token)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const partners = await withServices(ctx, (s) => s.partners.listPartners());
      const lines = partners.map(
        (p) => `  ${p.partner_id}\t${p.fee_rate}\t${p.active_tokens}\t${p.created_at}\t${p.name}`,
      );
      output(
        ctx,
        Boolean(opts.json),
        { partners },
        partners.length ? ['  id\tfee\ttokens\tcreated_at\tname', ...lines].join('\n') : 'No partners.',
      );
    });

  partner
    .command('set-fee')
    .description("set a partner's service fee rate for new payouts (default 0.05 = 5 %)")
    .argument('<partner_id>', 'partner id')
    .requiredOption('--rate <fraction>', 'fee as a fraction, e.g. 0.05')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { rate: string; json?: boolean }) => {
      const partnerId = positiveInt('PARTNER_ID', raw);
      checkFeeRate(opts.rate);
      const result = await withServices(ctx, (s) => s.partners.setFeeRate(partnerId, opts.rate));
      output(
        ctx,
        Boolean(opts.json),
        result,
        `Partner ${partnerId} now pays a ${opts.rate} service fee on new payouts.`,
      );
    });

  partner
    .command('set-details')
    .description("set a partner's details as the buyer on its invoices (an empty value clears one)")
    .argument('<partner_id>', 'partner id')
    .option('--legal-name <name>', 'legal name, e.g. "Acme Bemanning AS"')
    .option('--org-number <number>', 'Norwegian organisation number, 9 digits')
    .option('--address <address>', 'postal address; "\\n" or a new line separates lines')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { legalName?: string; orgNumber?: string; address?: string; json?: boolean }) => {
      const partnerId = positiveInt('PARTNER_ID', raw);
      const input = {
        legal_name: opts.legalName,
        org_number: opts.orgNumber,
        address: opts.address?.replace(/\\n/g, '\n'),
      };
      checkInvoiceDetails(input);
      const result = await withServices(ctx, (s) => s.partners.setInvoiceDetails(partnerId, input));
      output(
        ctx,
        Boolean(opts.json),
        { ...result },
        [
          `Partner ${partnerId} is invoiced as:`,
          `  ${result.legal_name ?? `${result.name} (no legal name set)`}`,
          `  Org.nr. ${result.org_number ?? '(not set)'}`,
          ...(result.address ?? '(no address set)').split('\n').map((line) => `  ${line}`),
        ].join('\n'),
      );
    });

  const token = program.command('token').description('manage access tokens');
  token
    .command('create')
    .description('create another access token for a partner (shown once)')
    .requiredOption('--partner <id>', 'partner id')
    .option('--json', 'print one JSON object')
    .action(async (opts: { partner: string; json?: boolean }) => {
      const partnerId = positiveInt('--partner', opts.partner);
      const issued = await withServices(ctx, (s) => s.partners.createToken(partnerId));
      output(
        ctx,
        Boolean(opts.json),
        { ...issued },
        `Token ${issued.token_id} created (shown once): ${issued.access_token}`,
      );
    });
  token
    .command('list')
    .description("list a partner's access tokens (ids and first characters only) and when each was last used")
    .requiredOption('--partner <id>', 'partner id')
    .option('--json', 'print one JSON object')
    .action(async (opts: { partner: string; json?: boolean }) => {
      const partnerId = positiveInt('--partner', opts.partner);
      const tokens = await withServices(ctx, (s) => s.partners.listTokens(partnerId));
      const lines = tokens.map(
        (t) =>
          `  ${t.token_id}\t${t.prefix}…\tcreated ${t.created_at}\t${t.last_used_at ? `last used ${t.last_used_at}` : 'no use recorded'}${t.revoked_at ? `\trevoked ${t.revoked_at}` : ''}`,
      );
      output(
        ctx,
        Boolean(opts.json),
        { partner_id: partnerId, tokens },
        [`Tokens of partner ${partnerId}:`, ...lines].join('\n'),
      );
    });
  token
    .command('revoke')
    .description(
      'revoke an access token; it stops working at once (other instances on PostgreSQL: within milliseconds)',
    )
    .argument('<token_id>', 'token id')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { json?: boolean }) => {
      const tokenId = positiveInt('TOKEN_ID', raw);
      const result = await withServices(ctx, (s) => s.partners.revokeToken(tokenId));
      output(
        ctx,
        Boolean(opts.json),
        result,
        result.revoked ? `Token ${tokenId} revoked.` : `Token ${tokenId} was already revoked.`,
      );
    });

  partner
    .command('requests')
    .description("the partner's API requests from the request log, newest first (no bodies: docs/decisions.md §25)")
    .argument('<partner_id>', 'partner id')
    .option('--since <time>', 'only requests that arrived at or after this ISO 8601 time with a time zone')
    .option('--limit <n>', 'at most this many requests (1 to 1000)', '50')
    .option('--json', 'print one JSON object')
    .action(async (raw: string, opts: { since?: string; limit: string; json?: boolean }) => {
      const partnerId = positiveInt('PARTNER_ID', raw);
      const since = opts.since === undefined ? undefined : sinceTime(opts.since);
      const limit = positiveInt('--limit', opts.limit);
      if (limit > 1000) throw new UsageError(`--limit must be at most 1000 (got ${limit})`);
      const requests = await withServices(ctx, async (s) => {
        await s.partners.partnerSummary(partnerId);
        return s.requestLog.list(partnerId, { from: since, limit });
      });
      const lines = requests.map(
        (r) =>
          `  ${r.at}\t${r.method}\t${r.route}\t${Object.entries(r.path_ids)
            .map(([name, value]) => `${name}=${value}`)
            .join(',')}\t${r.status}\t${r.duration_ms.toFixed(1)}\t${r.request_id}\t${r.idempotency_key ?? ''}`,
      );
      output(
        ctx,
        Boolean(opts.json),
        { requests },
        requests.length
          ? ['  at\tmethod\troute\tids\tstatus\tms\trequest_id\tidempotency_key', ...lines].join('\n')
          : 'No requests.',
      );
    });
}

/** An ISO 8601 time with a time zone, as UTC. */
function sinceTime(raw: string): string {
  const ms = Date.parse(raw);
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(raw) || Number.isNaN(ms))
    throw new UsageError(
      `--since must be an ISO 8601 time with a time zone, e.g. 2026-11-26T10:02:00Z (got ${JSON.stringify(raw)})`,
    );
  return new Date(ms).toISOString();
}
