// Certificate documents in the private "member-documents" bucket and the guardian/family link
// rules (issue 16, migration 20261126100000): member admins of the community upload and read
// through signed URLs; the member reads their own folder; admins of other areas and of other
// communities see nothing; wrong types, sizes and folders are refused. Driven with supabase-js.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunityCallers, type Caller, type CommunityCallers } from '../support/community-callers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 0x20), Buffer.from('%%EOF\n')]);
const bucket = 'member-documents';

let platform: TestPlatform;
let fileDir: string;
let callers: CommunityCallers;
let memberAdminA: Caller;
let eventAdminA: Caller;
let memberAdminB: Caller;
let childA: Caller; // a member of A with an account
let otherMemberA: Caller;
let documentPath: string;

beforeAll(async () => {
  fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-documents-'));
  platform = await startTestPlatform({ STORAGE_FILE_DIR: fileDir });
  callers = await createCommunityCallers(platform);
  memberAdminA = await callers.caller(callers.communityA, 'Merete', { areas: ['member'] });
  eventAdminA = await callers.caller(callers.communityA, 'Erik', { areas: ['event'] });
  memberAdminB = await callers.caller(callers.communityB, 'Bo', { areas: ['member'] });
  childA = await callers.caller(callers.communityA, 'Sofie', { member: true });
  otherMemberA = await callers.caller(callers.communityA, 'Mads', { member: true });
  documentPath = `${callers.communityA}/${childA.memberId}/boerneattest.pdf`;
});
afterAll(async () => {
  await platform?.stop();
  fs.rmSync(fileDir, { recursive: true, force: true });
});

const upload = (caller: Caller, name: string, body: Buffer, contentType = 'application/pdf') =>
  caller.client.storage.from(bucket).upload(name, body, { contentType });

describe('certificate documents', () => {
  it('are uploaded by a member admin of the community into a member folder', async () => {
    const done = await upload(memberAdminA, documentPath, pdf);
    expect(done.error).toBeNull();
    const stored = await platform.db.query<{ public: boolean }>(
      'select public from storage.buckets where id = $1',
      [bucket],
    );
    expect(stored.rows).toEqual([{ public: false }]);
  });

  it('are refused to an admin of another area, of another community and to a member', async () => {
    const name = `${callers.communityA}/${childA.memberId}/andet.pdf`;
    for (const caller of [eventAdminA, memberAdminB, childA]) {
      const done = await upload(caller, name, pdf);
      expect(done.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    }
    const rows = await platform.db.query('select 1 from storage.objects where name = $1', [name]);
    expect(rows.rows).toHaveLength(0);
  });

  it('are refused outside a folder of a member of that community, with a wrong type or too large', async () => {
    const outside = await upload(memberAdminA, `${callers.communityA}/boerneattest.pdf`, pdf);
    expect(outside.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    const stranger = await upload(memberAdminA, `${callers.communityA}/${crypto.randomUUID()}/x.pdf`, pdf);
    expect(stranger.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    const text = await upload(
      memberAdminA,
      `${callers.communityA}/${childA.memberId}/noter.txt`,
      Buffer.from('hej'),
      'text/plain',
    );
    expect(text.error).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    const fake = await upload(
      memberAdminA,
      `${callers.communityA}/${childA.memberId}/falsk.pdf`,
      Buffer.from('hej'),
    );
    expect(fake.error).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    const large = await upload(
      memberAdminA,
      `${callers.communityA}/${childA.memberId}/stor.pdf`,
      Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(large.error).not.toBeNull();
    expect((large.error as { statusCode?: string } | null)?.statusCode).toBe('413');
  });

  it('are read through a signed URL by the member admin and the member, by no one else', async () => {
    const signed = await memberAdminA.client.storage.from(bucket).createSignedUrl(documentPath, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdf);
    const own = await childA.client.storage.from(bucket).createSignedUrl(documentPath, 60);
    expect(own.error).toBeNull();
    for (const caller of [eventAdminA, memberAdminB, otherMemberA]) {
      const refused = await caller.client.storage.from(bucket).createSignedUrl(documentPath, 60);
      expect(refused.data).toBeNull();
      expect(refused.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    }
    const anonymous = await platform.client().storage.from(bucket).download(documentPath);
    expect(anonymous.data).toBeNull();
    const publicUrl = platform.client().storage.from(bucket).getPublicUrl(documentPath).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBeGreaterThanOrEqual(400);
  });

  it('are linked to a certificate only inside the member folder', async () => {
    const linked = await memberAdminA.client
      .from('member_certificates')
      .insert({
        community_id: callers.communityA,
        member_id: childA.memberId!,
        kind: 'child_certificate',
        issued_on: '2026-01-10',
        expires_on: '2028-01-10',
        document_path: documentPath,
      })
      .select('id, document_path')
      .single();
    expect(linked.error).toBeNull();
    expect(linked.data?.document_path).toBe(documentPath);
    const elsewhere = await memberAdminA.client
      .from('member_certificates')
      .update({ document_path: `${callers.communityA}/${otherMemberA.memberId}/boerneattest.pdf` })
      .eq('id', linked.data!.id);
    expect(elsewhere.error?.code).toBe('23514');
    const expiry = await memberAdminA.client
      .from('member_certificates')
      .update({ expires_on: '2029-01-10' })
      .eq('id', linked.data!.id)
      .select('expires_on')
      .single();
    expect(expiry.data?.expires_on).toBe('2029-01-10');
    const byEventAdmin = await eventAdminA.client
      .from('member_certificates')
      .select('id')
      .eq('id', linked.data!.id);
    expect(byEventAdmin.data).toEqual([]);
  });
});

describe('guardian and family links', () => {
  it('are written by a member admin and refuse a guardian cycle and a doubled family link', async () => {
    const guardian = await memberAdminA.client
      .from('member_relations')
      .insert({
        community_id: callers.communityA,
        member_id: childA.memberId!,
        related_member_id: otherMemberA.memberId!,
        kind: 'guardian',
      })
      .select('id')
      .single();
    expect(guardian.error).toBeNull();
    const cycle = await memberAdminA.client.from('member_relations').insert({
      community_id: callers.communityA,
      member_id: otherMemberA.memberId!,
      related_member_id: childA.memberId!,
      kind: 'guardian',
    });
    expect(cycle.error).toMatchObject({ message: 'relation_cycle' });
    const again = await memberAdminA.client.from('member_relations').insert({
      community_id: callers.communityA,
      member_id: childA.memberId!,
      related_member_id: otherMemberA.memberId!,
      kind: 'guardian',
    });
    expect(again.error?.code).toBe('23505');
    const family = await memberAdminA.client.from('member_relations').insert({
      community_id: callers.communityA,
      member_id: childA.memberId!,
      related_member_id: otherMemberA.memberId!,
      kind: 'family',
    });
    expect(family.error).toBeNull();
    const mirrored = await memberAdminA.client.from('member_relations').insert({
      community_id: callers.communityA,
      member_id: otherMemberA.memberId!,
      related_member_id: childA.memberId!,
      kind: 'family',
    });
    expect(mirrored.error).toMatchObject({ message: 'relation_exists' });
  });

  it('are neither seen nor written by an admin of another area or community', async () => {
    expect((await eventAdminA.client.from('member_relations').select('id')).data).toEqual([]);
    expect((await memberAdminB.client.from('member_relations').select('id')).data).toEqual([]);
    const foreign = await memberAdminB.client.from('member_relations').insert({
      community_id: callers.communityA,
      member_id: childA.memberId!,
      related_member_id: otherMemberA.memberId!,
      kind: 'family',
    });
    expect(foreign.error?.code).toBe('42501');
    const removed = await eventAdminA.client
      .from('member_relations')
      .delete()
      .eq('member_id', childA.memberId!)
      .select('id');
    expect(removed.data ?? []).toEqual([]);
    const left = await platform.db.query('select 1 from member_relations where member_id = $1', [
      childA.memberId,
    ]);
    expect(left.rows).toHaveLength(2);
  });
});

describe('erasing the member', () => {
  it('deletes their documents, and the storage service removes the bytes from the backend', async () => {
    const owner = await callers.caller(callers.communityA, 'Olivia', { role: 'owner' });
    const leaver = await callers.caller(callers.communityA, 'Lærke', { member: true });
    const name = `${callers.communityA}/${leaver.memberId}/boerneattest-laerke.pdf`;
    expect((await upload(memberAdminA, name, pdf)).error).toBeNull();
    const filesOf = () =>
      fs.existsSync(path.join(fileDir, bucket, callers.communityA, leaver.memberId!))
        ? fs.readdirSync(path.join(fileDir, bucket, callers.communityA, leaver.memberId!), {
            recursive: true,
          })
        : [];
    expect(filesOf().filter((f) => String(f).includes('@'))).toHaveLength(1);
    await platform.db.query(
      `update public.members set status = 'left', left_on = current_date where id = $1`,
      [leaver.memberId],
    );
    const erased = await owner.client.rpc('erase_member', { p_member_id: leaver.memberId });
    expect(erased.error).toBeNull();
    // A member admin no longer finds or downloads it.
    const download = await memberAdminA.client.storage.from(bucket).download(name);
    expect(download.data).toBeNull();
    const listed = await memberAdminA.client.storage
      .from(bucket)
      .list(`${callers.communityA}/${leaver.memberId}`);
    expect(listed.data ?? []).toEqual([]);
    // The bytes leave the backend within the drain's few seconds, and the queue empties. The
    // drain removes the bytes before its transaction (which deletes the queue row) commits, so
    // both are awaited: seeing the files gone does not yet mean the queue row is.
    const queued = async () =>
      (await platform.db.query('select 1 from storage.removal_queue where name = $1', [name])).rows.length;
    const deadline = Date.now() + 15_000;
    while (
      (filesOf().some((f) => String(f).includes('@')) || (await queued()) > 0) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(filesOf().filter((f) => String(f).includes('@'))).toEqual([]);
    expect(await queued()).toBe(0);
  }, 60_000);
});
