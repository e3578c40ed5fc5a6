// The back office's texts for the dunning decision and disputes (ADRs 1229, 1230).

export const dt = {
  decisions: {
    title: 'Mahnentscheidungen',
    intro:
      'Nach der zweiten Mahnung entscheiden Sie: Ratenzahlung, Übergabe an ein Inkassobüro oder Abschreibung. Eine Abschreibung gibt eine zweite Person frei (Vier-Augen-Prinzip, unter Freigaben).',
    cols: {
      number: 'Vertrag',
      owed: 'Offen',
      since: 'Seit',
      action: 'Entscheidung',
    },
    disputeOpen: 'Einwand offen – Mahnung pausiert',
    count: (number: string) => `Anzahl Raten für ${number}`,
    countOption: (n: number) => `${n} Raten`,
    instalments: 'Ratenzahlung vereinbaren',
    collection: 'An Inkasso übergeben',
    reason: (number: string) => `Grund der Abschreibung für ${number}`,
    writeOff: 'Abschreibung vorschlagen',
    reasonRequired: 'Bitte geben Sie einen Grund für die Abschreibung an.',
    agreed: (number: string, count: number) =>
      `Ratenzahlung für ${number} vereinbart: ${count} Raten. Der Plan ging per E-Mail an den Mieter.`,
    handedOver: (number: string, amount: string) =>
      `${number}: ${amount} an Inkasso übergeben. Die Übergabe steht in der CSV-Datei.`,
    drafted: (number: string) =>
      `Abschreibung für ${number} vorgeschlagen; eine zweite Person muss sie unter Freigaben freigeben.`,
    csv: 'Inkasso-Übergaben als CSV herunterladen',
  },
  disputes: {
    title: 'Einwände gegen Abbuchungen',
    intro:
      'Solange ein Einwand offen ist, mahnen wir den Vertrag nicht. Mieter erfassen Einwände auf der Vertragsseite; Sie können auch selbst einen erfassen.',
    cols: { number: 'Vertrag', reason: 'Einwand', from: 'Von', since: 'Seit', action: 'Aktion' },
    from: { tenant: 'Mieter', staff: 'Mitarbeiter' } as Record<string, string>,
    note: (number: string) => `Ergebnis der Prüfung für ${number} (optional)`,
    close: 'Als erledigt markieren',
    closed: 'Der Einwand ist erledigt; die Mahnung läuft weiter, wenn noch etwas offen ist.',
    newTitle: 'Einwand erfassen',
    number: 'Vertragsnummer',
    reason: 'Einwand',
    submit: 'Einwand erfassen',
    opened: 'Der Einwand ist erfasst; die Mahnung ist pausiert.',
    numberRequired: 'Bitte geben Sie die Vertragsnummer an.',
    reasonRequired: 'Bitte beschreiben Sie den Einwand.',
  },
  empty: 'Keine Einträge.',
} as const;
