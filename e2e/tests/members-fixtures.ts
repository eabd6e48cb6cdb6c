// Files the members e2e tests feed to the app.

/** 1,000 rows: five with errors, three that are already members (same e-mail), the rest new. */
export function importFile(existing: string[]): Buffer {
  const lines = ['Fornavn;Efternavn;E-mail;Mobil;Køn;Fødselsdato;Postnr;CPR'];
  for (let i = 0; i < 1000; i++) {
    const n = String(i).padStart(4, '0');
    const row = [
      `Søren${n}`,
      'Ærøskøbing',
      `import${n}@example.dk`,
      `3${n.padStart(7, '1')}`,
      'M',
      '01-02-1990',
      '8000',
      '',
    ];
    if (i === 10) row[2] = 'ikke-en-mail';
    if (i === 20) row[7] = '320190-1234';
    if (i === 30) row[0] = '';
    if (i === 40) row[6] = '0000';
    if (i === 50) row[5] = '31-02-1990';
    if (i >= 100 && i < 103) row[2] = existing[i - 100]!;
    lines.push(row.join(';'));
  }
  const text = lines.join('\r\n');
  const map: Record<string, number> = { æ: 0xe6, ø: 0xf8, å: 0xe5, Æ: 0xc6, Ø: 0xd8, Å: 0xc5 };
  return Buffer.from([...text].map((c) => map[c] ?? c.charCodeAt(0)));
}
