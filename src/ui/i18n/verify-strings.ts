import type { ThrowPlace, VerifyResult } from '../../online/verify.js';
import { fingerprintText } from '../../online/record-signature.js';
import type { Lang } from './strings.js';

/**
 * The words of "Verify this game" (src/online/verify.ts), in the page and in `npm run verify`: what was
 * checked, and where a record fails, which step and which throw. A step that could not be made here is
 * said so, never called tampering.
 */
export interface VerifyStrings {
  title: string;
  verify: string;
  save: string;
  checking: string;
  /** Opens a record from a file (one a friend sent) and verifies it. */
  open: string;
  /** The server's signing key, as its fingerprint (record-signature.ts fingerprintText). */
  signedBy(fingerprint: string): string;
  /** A file that is not a record (game-record.ts GameRecordError's code), or keys that could not be had. */
  refused(code: string): string;
  /** The whole verdict in a sentence or two. */
  result(result: VerifyResult): string;
}

const faces = (list: readonly number[] | undefined) => (list ?? []).join(' ');

const en: VerifyStrings = {
  title: 'Fair play',
  verify: 'Verify this game',
  save: 'Save the game record',
  checking: 'Checking every throw…',
  open: 'Open a game record…',
  signedBy: (fingerprint) => `Records are signed by the server’s key ${fingerprint}`,
  refused(code) {
    switch (code) {
      case 'record-too-large':
        return 'Not verified: the file is too large to be a game record.';
      case 'record-too-deep':
      case 'not-json':
      case 'bad-record':
        return 'Not verified: the file is not a Täringupokker game record.';
      default:
        return 'Could not be checked: the server’s keys could not be fetched.';
    }
  },
  result({ verdict, finding, throwsChecked, launchesCompared, key }) {
    const where = (at: ThrowPlace | null) =>
      at ? `Throw ${at.number + 1} (${at.player}, round ${at.round}, throw ${at.throwInTurn})` : 'The record';
    if (verdict === 'verified') {
      const launches =
        launchesCompared === 0
          ? 'this page did not see the game played, so no throw’s start was compared with what it saw'
          : launchesCompared === throwsChecked
            ? 'every throw started as this page saw it start'
            : `the ${launchesCompared} throws this page saw started as it saw them start`;
      return `Verified: signed by the server’s key ${fingerprintText(key ?? '')}; the secret matches the commitment shown at the start, all ${throwsChecked} throws follow from it and the gestures sent (${launches}), and the dice came to rest on the faces scored.`;
    }
    if (verdict === 'unsigned')
      return 'Not verified: the record is not signed by a game server, so it proves nothing (anyone can make one that agrees with itself).';
    if (verdict === 'unknown-key')
      return `Not verified: the record is signed by a key this server does not know (${fingerprintText(key ?? '')}): another server’s, or a made-up one.`;
    if (!finding) return 'Not verified.';
    const at = where(finding.at);
    switch (finding.step) {
      case 'signature':
        return 'Not verified: the server’s signature does not match the record: it was changed after the server signed it.';
      case 'seen-commitment':
        return 'Not verified: the record’s commitment is not the one this page was shown when the game began.';
      case 'commitment':
        return 'Not verified: the secret shown at the end does not match the commitment shown at the start.';
      case 'gestures':
        return `Not verified: the record’s gestures do not match its throws (${finding.detail ?? ''}).`;
      case 'launch':
        return `Not verified: ${at}: its launch does not follow from the secret, the throw’s number and the gesture sent.`;
      case 'faces':
        return verdict === 'unverifiable'
          ? `Could not be checked in this browser: ${at} comes to rest on ${faces(finding.rested)} here, but this browser’s arithmetic does not reproduce the server’s physics, so that says nothing about the game. The secret and the launches were checked; check the rest with npm run verify.`
          : `Not verified: ${at}: from its launch the dice come to rest on ${faces(finding.rested)}, the record scores ${faces(finding.recorded)}.`;
      case 'rules':
        return `Not verified: ${at}: the rules refuse the record’s next action (${finding.detail ?? ''}).`;
      case 'crypto':
        return `Could not be checked here: ${finding.detail ?? 'this page has no Web Crypto'}.`;
    }
  },
};

const et: VerifyStrings = {
  title: 'Aus mäng',
  verify: 'Kontrolli seda mängu',
  save: 'Salvesta mängu kirje',
  checking: 'Kontrollin iga viset…',
  open: 'Ava mängu kirje…',
  signedBy: (fingerprint) => `Kirjed allkirjastab serveri võti ${fingerprint}`,
  refused(code) {
    switch (code) {
      case 'record-too-large':
        return 'Ei ole kontrollitud: fail on mängu kirje jaoks liiga suur.';
      case 'record-too-deep':
      case 'not-json':
      case 'bad-record':
        return 'Ei ole kontrollitud: fail ei ole Täringupokkeri mängu kirje.';
      default:
        return 'Ei saa kontrollida: serveri võtmeid ei õnnestunud saada.';
    }
  },
  result({ verdict, finding, throwsChecked, launchesCompared, key }) {
    const where = (at: ThrowPlace | null) =>
      at ? `Vise ${at.number + 1} (${at.player}, voor ${at.round}, vise ${at.throwInTurn})` : 'Kirje';
    if (verdict === 'verified') {
      const launches =
        launchesCompared === 0
          ? 'see leht ei näinud mängu, nii et ühegi viske algust ei võrreldud'
          : launchesCompared === throwsChecked
            ? 'iga vise algas nii, nagu see leht nägi'
            : `${launchesCompared} viset, mida see leht nägi, algasid nii, nagu ta nägi`;
      return `Kontrollitud: allkirjastatud serveri võtmega ${fingerprintText(key ?? '')}; saladus vastab alguses näidatud kinnitusele, kõik ${throwsChecked} viset tulenevad sellest ja saadetud liigutustest (${launches}) ning täringud jäid seisma kirja pandud silmadele.`;
    }
    if (verdict === 'unsigned')
      return 'Ei ole kontrollitud: kirjet ei ole allkirjastanud ükski mänguserver, nii et see ei tõesta midagi (igaüks saab teha kirje, mis iseendaga klapib).';
    if (verdict === 'unknown-key')
      return `Ei ole kontrollitud: kirje on allkirjastatud võtmega, mida see server ei tunne (${fingerprintText(key ?? '')}): teise serveri või välja mõeldud võti.`;
    if (!finding) return 'Ei ole kontrollitud.';
    const at = where(finding.at);
    switch (finding.step) {
      case 'signature':
        return 'Ei klapi: serveri allkiri ei vasta kirjele: seda on muudetud pärast seda, kui server selle allkirjastas.';
      case 'seen-commitment':
        return 'Ei klapi: kirje kinnitus ei ole see, mida sellele lehele mängu alguses näidati.';
      case 'commitment':
        return 'Ei klapi: lõpus näidatud saladus ei vasta alguses näidatud kinnitusele.';
      case 'gestures':
        return `Ei klapi: kirje liigutused ei vasta selle visetele (${finding.detail ?? ''}).`;
      case 'launch':
        return `Ei klapi: ${at}: selle lähe ei tulene saladusest, viske numbrist ja saadetud liigutusest.`;
      case 'faces':
        return verdict === 'unverifiable'
          ? `Selles brauseris ei saa kontrollida: ${at} jääb siin seisma silmadele ${faces(finding.rested)}, kuid selle brauseri arvutus ei korda serveri füüsikat, nii et see ei ütle mängu kohta midagi. Saladus ja lähted said kontrollitud; ülejäänu kontrolli käsuga npm run verify.`
          : `Ei klapi: ${at}: lähtest jäävad täringud seisma silmadele ${faces(finding.rested)}, kirjas on ${faces(finding.recorded)}.`;
      case 'rules':
        return `Ei klapi: ${at}: reeglid ei luba kirje järgmist käiku (${finding.detail ?? ''}).`;
      case 'crypto':
        return `Siin ei saa kontrollida: ${finding.detail ?? 'lehel pole Web Cryptot'}.`;
    }
  },
};

const TABLES: Record<Lang, VerifyStrings> = { en, et };

/** The words of "Verify this game" in a language. */
export function verifyStringsFor(lang: Lang): VerifyStrings {
  return TABLES[lang];
}
