import { Check, Radio, Text } from '../forms/bound';
import { optionLabels, ui } from '../text';

const PREISBOERSE_TIMES = Object.keys(ui.options.preisboerseTime);
const extras = [
  'keySafeing',
  'keyFinder',
  'mailForwarding',
  'immoscout',
  'movePackage',
  'selfStorage',
  'preisboerse',
  'wechselpilot',
  'MieterEngel',
] as const;

/** The extras of spec §2, each with its help text; follow-up fields appear when chosen. */
export function SellingFields() {
  return (
    <>
      <p>{ui.steps.selling.intro}</p>
      {extras.map((name) => (
        <div key={name}>
          <Check path={`selling.${name}`} hint={ui.sellingHelp[name]} />
          {name === 'immoscout' ? <Text path="selling.immoscout_area" /> : null}
          {name === 'preisboerse' ? (
            <Radio
              path="selling.preisboerse_time"
              values={PREISBOERSE_TIMES}
              labels={optionLabels('preisboerse_time')}
            />
          ) : null}
          {name === 'MieterEngel' ? (
            <Text path="selling.MieterEngel_phone" hint={ui.hints.phone} />
          ) : null}
        </div>
      ))}
    </>
  );
}

export default function SellingStep() {
  return <SellingFields />;
}
