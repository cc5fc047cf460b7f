/** GEO groups of the CPI wizard; countries outside them count only for `worldwide`. */
export type GeoGroup = 'europe' | 'asia' | 'africa' | 'latinAmerica';

const byGroup: Record<GeoGroup | 'other', string> = {
  europe:
    'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK',
  asia: 'AE AF AM AZ BD BH BN BT CN GE HK ID IL IN IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE',
  africa:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  latinAmerica:
    'AG AI AR AW BB BL BO BQ BR BS BZ CL CO CR CU CW DM DO EC FK GD GF GP GT GY HN HT JM KN KY LC MF MQ MS MX NI PA PE PR PY SR SV SX TC TT UY VC VE VG VI',
  other:
    'AQ AS AU BM BV CA CC CK CX FJ FM GL GS GU HM IO KI MH MP NC NF NR NU NZ PF PG PM PN PW SB TF TK TO TV UM US VU WF WS',
};

/** ISO 3166-1 alpha-2 codes with their GEO group (null when in none of the four). */
export const COUNTRIES: readonly { code: string; geo: GeoGroup | null }[] = Object.entries(byGroup)
  .flatMap(([group, codes]) =>
    codes.split(' ').map((code) => ({ code, geo: group === 'other' ? null : (group as GeoGroup) })),
  )
  .sort((a, b) => a.code.localeCompare(b.code));
