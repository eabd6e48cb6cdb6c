// Import parsing and row checks: Danish Excel CSV (semicolons, Windows-1252, BOM), column
// guessing, and per-row problems by field.
import { createTranslator } from '@club/i18n';
import { membersMessages } from '@club/i18n/namespaces/members';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, parseCsvText, readImportFile } from './decode-import-file';
import { guessMapping } from './import-fields';
import { buildReport, reportCsv } from './import-report';
import { findFileDuplicates, mergeFileRows } from './find-file-duplicates';
import { rowsToImport } from './run-member-import';
import { checkImportRows } from './validate-import-rows';

const windows1252 = (text: string) =>
  Uint8Array.from(
    [...text].map((c) => ({ æ: 0xe6, ø: 0xf8, å: 0xe5, Æ: 0xc6, Ø: 0xd8, Å: 0xc5 })[c] ?? c.charCodeAt(0)),
  );

const fileOf = (name: string, bytes: Uint8Array) => ({
  name,
  size: bytes.length,
  arrayBuffer: async () => bytes.slice().buffer,
});

describe('decoding', () => {
  it('reads Windows-1252 so æ, ø and å survive', async () => {
    const grid = await readImportFile(
      fileOf('medlemmer.csv', windows1252('Fornavn;Efternavn\r\nSøren;Ærø\r\nÅse;Bæk\r\n')),
    );
    expect(grid.encoding).toBe('windows-1252');
    expect(grid.headers).toEqual(['Fornavn', 'Efternavn']);
    expect(grid.rows).toEqual([
      ['Søren', 'Ærø'],
      ['Åse', 'Bæk'],
    ]);
  });

  it('drops a UTF-8 byte order mark from the first column name', () => {
    const bytes = new TextEncoder().encode('\uFEFFFornavn;E-mail\nKaren;k@example.dk');
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe('utf-8');
    expect(parseCsvText(text)[0]).toEqual(['Fornavn', 'E-mail']);
  });

  it('detects commas too, and refuses empty, huge and old .xls files', async () => {
    expect(parseCsvText('first name,email\nKaren,k@example.dk')).toEqual([
      ['first name', 'email'],
      ['Karen', 'k@example.dk'],
    ]);
    await expect(readImportFile(fileOf('tom.csv', new Uint8Array()))).rejects.toMatchObject({
      problem: 'empty',
    });
    await expect(
      readImportFile({
        name: 'stor.csv',
        size: 50 * 1024 * 1024,
        arrayBuffer: async () => new ArrayBuffer(0),
      }),
    ).rejects.toMatchObject({ problem: 'too_large' });
    await expect(readImportFile(fileOf('gammel.xls', new Uint8Array([1])))).rejects.toMatchObject({
      problem: 'unsupported',
    });
  });
});

describe('checking rows', () => {
  const headers = ['Fornavn', 'Efternavn', 'E-mail', 'Mobil', 'Køn', 'Fødselsdato', 'Postnr', 'By', 'CPR'];
  const postcodes = new Map([['8000', 'Aarhus C']]);

  it('maps Danish column names by themselves', () => {
    expect(guessMapping(headers)).toEqual({
      first_name: 0,
      last_name: 1,
      email: 2,
      phone: 3,
      gender: 4,
      birth_date: 5,
      postal_code: 6,
      city: 7,
      cpr: 8,
    });
  });

  it('normalises good values and names every problem by line and field', () => {
    const rows = [
      [
        'Karen',
        'Østergaard',
        'Karen@Example.dk',
        '20 30 40 50',
        'K',
        '15.03.1987',
        '8000',
        'aarhus',
        '150387-1234',
      ],
      ['', 'Uden', 'ikke-en-mail', '123', 'x', '31-02-2000', '0000', '', '320187-1234'],
    ];
    const [good, bad] = checkImportRows(rows, guessMapping(headers), postcodes);
    expect(good).toEqual({
      line: 2,
      problems: [],
      values: {
        first_name: 'Karen',
        last_name: 'Østergaard',
        email: 'karen@example.dk',
        phone: '+4520304050',
        gender: 'female',
        birth_date: '1987-03-15',
        postal_code: '8000',
        city: 'Aarhus C',
        cpr: '150387-1234',
      },
    });
    expect(bad!.line).toBe(3);
    expect(bad!.problems.map((p) => `${p.field}:${p.problem}`)).toEqual([
      'email:invalid_email',
      'phone:invalid_phone',
      'gender:invalid_gender',
      'birth_date:invalid_date',
      'postal_code:unknown_postcode',
      'cpr:invalid_cpr',
      'first_name:required',
    ]);
  });
});

describe('the result report', () => {
  it("names every field and problem of a row in the reader's words, from the job's rows", () => {
    const lines = buildReport(
      [
        { line: 2, status: 'created', memberId: 'm-1', errorCode: null, errorField: null },
        {
          line: 3,
          status: 'failed',
          memberId: null,
          errorCode: 'required,invalid_email',
          errorField: 'first_name,email',
        },
        { line: 4, status: 'skipped', memberId: 'm-2', errorCode: null, errorField: null },
      ],
      { field: (f) => `F(${f})`, problem: (p) => `P(${p})` },
    );
    expect(lines[1]).toEqual({
      line: 3,
      outcome: 'failed',
      memberId: null,
      field: 'F(first_name), F(email)',
      problem: 'P(required), P(invalid_email)',
    });
    const csv = reportCsv(
      lines,
      { line: 'Række', outcome: 'Resultat', memberId: 'Medlem', field: 'Felt', problem: 'Problem' },
      (o) => o.toUpperCase(),
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Række;Resultat;Medlem;Felt;Problem',
      '2;CREATED;m-1;;',
      '3;FAILED;;F(first_name), F(email);P(required), P(invalid_email)',
      '4;SKIPPED;m-2;;',
    ]);
  });
});

describe('the review step', () => {
  const rows = checkImportRows(
    [
      ['Ane', 'Hansen', 'ane@example.dk'],
      ['Bo', 'Jensen', 'bo@example.dk'],
      ['Ane', 'Hansen', 'ane@example.dk'],
      ['', '', 'not-an-address'],
    ],
    { first_name: 0, last_name: 1, email: 2 },
    new Map(),
  );

  it('counts on the button only the rows that will be imported, not those set to skip', () => {
    expect(rows.filter((r) => r.problems.length > 0)).toHaveLength(1);
    expect(rowsToImport(rows, new Map())).toBe(3);
    const skipThird = new Map([[rows[2]!.line, { action: 'skip' as const }]]);
    expect(rowsToImport(rows, skipThird)).toBe(2);
  });

  it('says one row, not one rows, in both languages', () => {
    const da = createTranslator(membersMessages, 'da');
    const en = createTranslator(membersMessages, 'en');
    expect(da('importPage.badRows', { count: 1 })).toBe('1 række har fejl:');
    expect(da('importPage.duplicates', { count: 1 })).toBe(
      '1 række ligner et medlem, der allerede er i registret:',
    );
    expect(da('importPage.start', { count: 1 })).toBe('Importér 1 række');
    expect(da('importPage.start', { count: 1200 })).toBe('Importér 1.200 rækker');
    expect(en('importPage.validRows', { count: 1 })).toBe('1 row is ready.');
    expect(en('importPage.validRows', { count: 2 })).toBe('2 rows are ready.');
  });
});

describe('duplicates inside the file', () => {
  const mapping = { first_name: 0, last_name: 1, email: 2, phone: 3, birth_date: 4, street: 5 };
  const rows = checkImportRows(
    [
      ['Ane', 'Hansen', 'ane@example.dk', '20 30 40 50', '01.02.2010', ''],
      ['Bo', 'Jensen', 'bo@example.dk', '', '', ''],
      ['Ane', 'Hansen', 'ANE@example.dk', '+45 20304050', '01.02.2010', 'Skolevej 4'],
      ['Bodil', 'Jensen', 'bodil@example.dk', '', '', ''],
      ['ane', 'hansen', '', '', '2010-02-01', ''],
      ['Carl', 'Berg', 'carl@example.dk', '30 30 30 30', '', ''],
      ['Carla', 'Berg', 'carla@example.dk', '30303030', '', ''],
      ['', '', 'ane@example.dk', '', '', ''],
    ],
    mapping,
    new Map(),
  );

  it('finds a person who appears twice by the rules used against the register', () => {
    const found = findFileDuplicates(rows);
    expect(Object.fromEntries(found)).toEqual({
      4: { line: 2, name: 'Ane Hansen', reasons: ['email', 'name_birth_date', 'phone'] },
      6: { line: 2, name: 'Ane Hansen', reasons: ['name_birth_date'] },
      8: { line: 7, name: 'Carl Berg', reasons: ['phone'] },
    });
  });

  it('leaves out rows already matched to a member of the register, and unreadable rows', () => {
    expect([...findFileDuplicates(rows, new Set([4, 6])).keys()]).toEqual([8]);
    const withBadRow = [
      ...rows,
      {
        line: 10,
        values: { email: 'ane@example.dk' },
        problems: [{ field: 'first_name' as const, problem: 'required' as const, value: '' }],
      },
    ];
    expect(findFileDuplicates(withBadRow).has(10)).toBe(false);
  });

  it('merges a row into the earlier row the way the import merges into a member', () => {
    const values = mergeFileRows(rows, new Map([[4, 2]]));
    expect(values.get(2)).toMatchObject({ first_name: 'Ane', email: 'ane@example.dk', street: 'Skolevej 4' });
    expect(values.get(4)).toEqual(rows[2]!.values);
  });

  it('says how many rows repeat a person in both languages', () => {
    const da = createTranslator(membersMessages, 'da');
    const en = createTranslator(membersMessages, 'en');
    expect(da('importPage.fileDuplicates', { count: 1 })).toBe(
      '1 række er samme person som en tidligere række i filen:',
    );
    expect(en('importPage.fileDuplicates', { count: 2 })).toBe(
      '2 rows are the same person as an earlier row of the file:',
    );
  });
});
