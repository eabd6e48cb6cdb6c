// report-pdf: a statutory report as a PDF file (decision 0943).
// POST {"report": "cfr" | "grant" | "premises", "community_id": "…", "year": 2025,
//       "club_id": "…" | null, "language": "da" | "en"} answers application/pdf.
// The caller's own token reads the report (report_member_counts / report_premises_hours check
// the analytics area and the club), so the database decides who may and the PDF always
// carries the same numbers as the screen and the CSV.
// Errors answer {"error": "Failed to make the report", "reason": "…"}; a refusal of the
// database keeps its code as the reason (year_out_of_range, unknown_club, not_allowed, …).
import { createClient } from '@supabase/supabase-js';
import { renderReportPdf, reportFileName, type ReportKind } from './render-report-pdf';

type Env = Readonly<Record<string, string | undefined>>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const kinds: readonly ReportKind[] = ['cfr', 'grant', 'premises'];

const failed = (status: number, reason: string) =>
  new Response(JSON.stringify({ error: 'Failed to make the report', reason }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The database's refusal as a status: its business codes are the caller's mistake. */
function refusal(error: { code?: string; message: string }): Response {
  if (error.code === '42501' || error.message === 'not_allowed') return failed(403, 'not_allowed');
  if (error.code === 'P0001' || error.code === '22023' || error.code === '22P02')
    return failed(400, error.message);
  return failed(502, 'report_failed');
}

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') return failed(405, 'method_not_allowed');
  let body: Record<string, unknown>;
  try {
    body = (await req.json()) as Record<string, unknown>;
  } catch {
    return failed(400, 'invalid_json');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return failed(400, 'invalid_json');
  const kind = body.report as ReportKind;
  if (!kinds.includes(kind)) return failed(400, 'unknown_report');
  const communityId = typeof body.community_id === 'string' ? body.community_id : '';
  if (!uuidPattern.test(communityId)) return failed(400, 'community_id_required');
  const year = body.year;
  if (typeof year !== 'number' || !Number.isInteger(year)) return failed(400, 'year_required');
  const clubId = body.club_id ?? null;
  if (clubId !== null && (typeof clubId !== 'string' || !uuidPattern.test(clubId)))
    return failed(400, 'invalid_club_id');
  const language = body.language ?? 'da';
  if (language !== 'da' && language !== 'en') return failed(400, 'unknown_language');
  const authorization = req.headers.get('authorization');
  if (!authorization || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY) return failed(401, 'not_signed_in');

  const supabase = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const args = { p_community_id: communityId, p_year: year, p_club_id: clubId ?? undefined };
  const report =
    kind === 'premises'
      ? await supabase.rpc('report_premises_hours', args)
      : await supabase.rpc('report_member_counts', { ...args, p_max_age: kind === 'grant' ? 24 : undefined });
  if (report.error) return refusal(report.error);

  const community = await supabase
    .from('communities')
    .select('name, time_zone')
    .eq('id', communityId)
    .maybeSingle();
  if (community.error) return refusal(community.error);
  if (!community.data) return failed(404, 'community_not_found');
  let club: string | null = null;
  if (clubId) {
    const found = await supabase.from('clubs').select('name').eq('id', clubId).maybeSingle();
    if (found.error) return refusal(found.error);
    club = (found.data as { name: string } | null)?.name ?? null;
  }

  const rows = (report.data ?? []) as unknown[];
  const pdf = await renderReportPdf({
    kind,
    year,
    language,
    community: community.data as { name: string; time_zone: string },
    club,
    producedAt: new Date(),
    ...(kind === 'premises'
      ? { premises: rows as Parameters<typeof renderReportPdf>[0]['premises'] }
      : { memberCounts: rows as Parameters<typeof renderReportPdf>[0]['memberCounts'] }),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${reportFileName(kind, year)}"`,
    },
  });
}
