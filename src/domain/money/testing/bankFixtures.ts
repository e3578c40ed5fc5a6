/**
 * Bank files as German banks send them (DK format, camt.053.001.08, camt.054.001.08,
 * pain.002.001.10), made from a few values so each test says what it returns. Test use only.
 */
export interface ReturnFixture {
  endToEndId: string;
  amount: string;
  reason?: string;
  fee?: string;
  reversal?: boolean;
  credit?: boolean;
}

const tx = (r: ReturnFixture) => `
          <TxDtls>
            <Refs>
              <MsgId>MK-D-20260312-ABCDEF01</MsgId>
              <EndToEndId>${r.endToEndId}</EndToEndId>
              <MndtId>MK-2026-000001-01</MndtId>
            </Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">${r.amount}</Amt></TxAmt></AmtDtls>${
              r.fee
                ? `
            <Chrgs><TtlChrgsAndTaxAmt Ccy="EUR">${r.fee}</TtlChrgsAndTaxAmt><Rcrd><Amt Ccy="EUR">${r.fee}</Amt><CdtDbtInd>DBIT</CdtDbtInd></Rcrd></Chrgs>`
                : ''
            }
            <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>${r.reason ? 'UPDD' : 'ESDD'}</SubFmlyCd></Fmly></Domn></BkTxCd>${
              r.reason
                ? `
            <RtrInf><Rsn><Cd>${r.reason}</Cd></Rsn></RtrInf>`
                : ''
            }
          </TxDtls>`;

const entry = (r: ReturnFixture) => `
      <Ntry>
        <Amt Ccy="EUR">${r.amount}</Amt>
        <CdtDbtInd>${r.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>${r.reversal ? '\n        <RvslInd>true</RvslInd>' : ''}
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-19</Dt></BookgDt>
        <ValDt><Dt>2026-03-19</Dt></ValDt>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>${tx(r)}
        </NtryDtls>
      </Ntry>`;

const account = `
      <Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>`;

export function camt054(entries: ReturnFixture[], id = 'NTF-1'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-03-19T08:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>${id}</Id>
      <CreDtTm>2026-03-19T08:00:00</CreDtTm>${account}${entries.map(entry).join('')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

export function camt053(entries: ReturnFixture[], id = 'STMT-1'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-03-31T20:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${id}</Id>
      <ElctrncSeqNb>42</ElctrncSeqNb>
      <CreDtTm>2026-03-31T20:00:00</CreDtTm>${account}${entries.map(entry).join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

export function pain002(opts: {
  originalMessageId: string;
  groupStatus: 'ACCP' | 'RJCT' | 'PART';
  groupReason?: string;
  rejected?: Array<{ endToEndId: string; reason: string; amount: string }>;
}): string {
  const txs = (opts.rejected ?? [])
    .map(
      (r, i) => `
      <TxInfAndSts>
        <StsId>S-${i}</StsId>
        <OrgnlEndToEndId>${r.endToEndId}</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>${r.reason}</Cd></Rsn></StsRsnInf>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">${r.amount}</InstdAmt></Amt></OrgnlTxRef>
      </TxInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>STS-1</MsgId><CreDtTm>2026-03-13T07:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>${opts.originalMessageId}</OrgnlMsgId>
      <OrgnlMsgNmId>pain.008.001.08</OrgnlMsgNmId>
      <GrpSts>${opts.groupStatus}</GrpSts>${
        opts.groupReason
          ? `\n      <StsRsnInf><Rsn><Cd>${opts.groupReason}</Cd></Rsn></StsRsnInf>`
          : ''
      }
    </OrgnlGrpInfAndSts>${
      txs
        ? `
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>${opts.originalMessageId}.0</OrgnlPmtInfId>${txs}
    </OrgnlPmtInfAndSts>`
        : ''
    }
  </CstmrPmtStsRpt>
</Document>
`;
}
