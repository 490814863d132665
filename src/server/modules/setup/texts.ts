import type { Language } from '@/domain/constants';

/** The platforms the setup page explains, in the order it lists them. */
export const PLATFORMS = ['android', 'ios', 'windows', 'macos', 'chromeos'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_NAMES: Record<Platform, string> = {
  android: 'Android',
  ios: 'iPadOS / iOS',
  windows: 'Windows',
  macos: 'macOS',
  chromeos: 'ChromeOS',
};

export interface SetupTexts {
  title: string;
  lead: string;
  languages: string;
  secureNow: string;
  step1Title: string;
  step1Text: string;
  download: string;
  fingerprint: string;
  fingerprintHint: string;
  step2Title: string;
  step2Text: string;
  platforms: Record<Platform, string[]>;
  step3Title: string;
  step3Text: string;
  step3Own: string;
  qrLabel: string;
  after: string;
  offTitle: string;
  offText: string;
}

/**
 * The tablet setup page is HTML made by the server (it must work before the app can), so its texts
 * live here in the four languages and go through a server-side i18next instance.
 */
export const setupTexts: Record<Language, SetupTexts> = {
  en: {
    title: 'Set up a tablet for FleetPilot',
    lead: 'FleetPilot works offline, installs on the home screen and shows notifications only over a secure (HTTPS) connection. Set up each tablet once:',
    languages: 'Language',
    secureNow: 'This page is open over a secure connection: this device is ready for FleetPilot.',
    step1Title: '1. Download the certificate authority of this site',
    step1Text:
      'FleetPilot made its own certificate authority for this site network. Installed on a tablet, it lets the tablet trust FleetPilot’s address.',
    download: 'Download certificate (ca.crt)',
    fingerprint: 'SHA-256 fingerprint',
    fingerprintHint:
      'FleetPilot prints this fingerprint when it starts. Ask your administrator to compare it, and install the certificate only if both match.',
    step2Title: '2. Trust it on the device',
    step2Text: 'Choose the device’s system:',
    platforms: {
      android: [
        'Tap “Download certificate” above.',
        'Open Settings → Security and privacy → More security settings → Encryption and credentials → Install a certificate → CA certificate (names differ between makers: search Settings for “CA certificate”).',
        'Tap “Install anyway”, confirm with the screen lock and choose the downloaded ca.crt.',
        'Open FleetPilot’s address (step 3) in Chrome.',
      ],
      ios: [
        'Open this page in Safari, tap “Download certificate” and allow the configuration profile.',
        'Open Settings → General → VPN & Device Management, choose the FleetPilot profile and tap Install.',
        'Open Settings → General → About → Certificate Trust Settings and switch on full trust for “FleetPilot local authority”.',
        'Open FleetPilot’s address (step 3) in Safari.',
      ],
      windows: [
        'Download the certificate and open ca.crt.',
        'Choose Install Certificate… → Local Machine → Place all certificates in the following store → Browse… → Trusted Root Certification Authorities → Finish.',
        'Close every browser window and open FleetPilot’s address (step 3).',
      ],
      macos: [
        'Download the certificate and double-click ca.crt: Keychain Access adds it to a keychain.',
        'Double-click “FleetPilot local authority”, open Trust and set “When using this certificate” to Always Trust; confirm with your password.',
        'Restart the browser and open FleetPilot’s address (step 3).',
      ],
      chromeos: [
        'Download the certificate.',
        'Open Settings → Privacy and security → Security → Manage certificates → Authorities → Import and choose ca.crt.',
        'Tick “Trust this certificate for identifying websites”, confirm, and open FleetPilot’s address (step 3).',
      ],
    },
    step3Title: '3. Open FleetPilot over HTTPS',
    step3Text: 'Scan the code with the tablet’s camera or type the address:',
    step3Own:
      'This server has its own certificate. Open FleetPilot over HTTPS: scan the code or type the address:',
    qrLabel: 'QR code of {{url}}',
    after:
      'Sign in and keep the app open until the top bar says “Ready for offline use”. Then add it to the home screen.',
    offTitle: 'This server does not offer HTTPS yet',
    offText:
      'Without HTTPS, tablets cannot use FleetPilot offline, install it or receive notifications. Administrator: start FleetPilot with HTTPS=local, with your own certificate (TLS_CERT_FILE and TLS_KEY_FILE) or behind a reverse proxy — see “Tablets on the site network” in the README.',
  },
  de: {
    title: 'Tablet für FleetPilot einrichten',
    lead: 'FleetPilot funktioniert offline, lässt sich auf dem Startbildschirm installieren und zeigt Benachrichtigungen nur über eine sichere (HTTPS-)Verbindung. Richten Sie jedes Tablet einmal ein:',
    languages: 'Sprache',
    secureNow:
      'Diese Seite ist über eine sichere Verbindung geöffnet: Dieses Gerät ist für FleetPilot bereit.',
    step1Title: '1. Zertifizierungsstelle dieses Standorts herunterladen',
    step1Text:
      'FleetPilot hat für dieses Standortnetz eine eigene Zertifizierungsstelle angelegt. Auf einem Tablet installiert, vertraut das Tablet der Adresse von FleetPilot.',
    download: 'Zertifikat herunterladen (ca.crt)',
    fingerprint: 'SHA-256-Fingerabdruck',
    fingerprintHint:
      'FleetPilot zeigt diesen Fingerabdruck beim Start an. Lassen Sie ihn von Ihrer Administration vergleichen und installieren Sie das Zertifikat nur, wenn beide übereinstimmen.',
    step2Title: '2. Auf dem Gerät vertrauen',
    step2Text: 'Wählen Sie das System des Geräts:',
    platforms: {
      android: [
        'Oben auf „Zertifikat herunterladen“ tippen.',
        'Einstellungen → Sicherheit und Datenschutz → Weitere Sicherheitseinstellungen → Verschlüsselung und Anmeldedaten → Zertifikat installieren → CA-Zertifikat öffnen (die Namen unterscheiden sich je nach Hersteller: in den Einstellungen nach „CA-Zertifikat“ suchen).',
        '„Trotzdem installieren“ tippen, mit der Displaysperre bestätigen und die heruntergeladene ca.crt wählen.',
        'Die Adresse von FleetPilot (Schritt 3) in Chrome öffnen.',
      ],
      ios: [
        'Diese Seite in Safari öffnen, auf „Zertifikat herunterladen“ tippen und das Konfigurationsprofil erlauben.',
        'Einstellungen → Allgemein → VPN und Geräteverwaltung öffnen, das FleetPilot-Profil wählen und auf Installieren tippen.',
        'Einstellungen → Allgemein → Info → Zertifikatsvertrauenseinstellungen öffnen und das volle Vertrauen für „FleetPilot local authority“ einschalten.',
        'Die Adresse von FleetPilot (Schritt 3) in Safari öffnen.',
      ],
      windows: [
        'Das Zertifikat herunterladen und ca.crt öffnen.',
        'Zertifikat installieren… → Lokaler Computer → Alle Zertifikate in folgendem Speicher speichern → Durchsuchen… → Vertrauenswürdige Stammzertifizierungsstellen → Fertig stellen.',
        'Alle Browserfenster schließen und die Adresse von FleetPilot (Schritt 3) öffnen.',
      ],
      macos: [
        'Das Zertifikat herunterladen und ca.crt doppelklicken: Die Schlüsselbundverwaltung nimmt es in einen Schlüsselbund auf.',
        '„FleetPilot local authority“ doppelklicken, „Vertrauen“ öffnen und „Bei Verwendung dieses Zertifikats“ auf „Immer vertrauen“ stellen; mit dem Passwort bestätigen.',
        'Den Browser neu starten und die Adresse von FleetPilot (Schritt 3) öffnen.',
      ],
      chromeos: [
        'Das Zertifikat herunterladen.',
        'Einstellungen → Datenschutz und Sicherheit → Sicherheit → Zertifikate verwalten → Zertifizierungsstellen → Importieren öffnen und ca.crt wählen.',
        '„Diesem Zertifikat zur Identifizierung von Websites vertrauen“ ankreuzen, bestätigen und die Adresse von FleetPilot (Schritt 3) öffnen.',
      ],
    },
    step3Title: '3. FleetPilot über HTTPS öffnen',
    step3Text: 'Den Code mit der Kamera des Tablets scannen oder die Adresse eingeben:',
    step3Own:
      'Dieser Server hat ein eigenes Zertifikat. Öffnen Sie FleetPilot über HTTPS: Code scannen oder Adresse eingeben:',
    qrLabel: 'QR-Code von {{url}}',
    after:
      'Anmelden und die App geöffnet lassen, bis die obere Leiste „Bereit für die Offline-Nutzung“ zeigt. Dann zum Startbildschirm hinzufügen.',
    offTitle: 'Dieser Server bietet noch kein HTTPS an',
    offText:
      'Ohne HTTPS können Tablets FleetPilot nicht offline nutzen, nicht installieren und keine Benachrichtigungen empfangen. Administration: FleetPilot mit HTTPS=local, mit einem eigenen Zertifikat (TLS_CERT_FILE und TLS_KEY_FILE) oder hinter einem Reverse-Proxy starten — siehe „Tablets on the site network“ in der README.',
  },
  bg: {
    title: 'Настройване на таблет за FleetPilot',
    lead: 'FleetPilot работи офлайн, инсталира се на началния екран и показва известия само през защитена (HTTPS) връзка. Настройте всеки таблет веднъж:',
    languages: 'Език',
    secureNow: 'Тази страница е отворена през защитена връзка: устройството е готово за FleetPilot.',
    step1Title: '1. Изтеглете сертифициращия орган на обекта',
    step1Text:
      'FleetPilot създаде собствен сертифициращ орган за мрежата на този обект. Инсталиран на таблет, той кара таблета да се доверява на адреса на FleetPilot.',
    download: 'Изтегляне на сертификата (ca.crt)',
    fingerprint: 'SHA-256 отпечатък',
    fingerprintHint:
      'FleetPilot извежда този отпечатък при стартиране. Помолете администратора да го сравни и инсталирайте сертификата само ако двата съвпадат.',
    step2Title: '2. Доверете му се на устройството',
    step2Text: 'Изберете системата на устройството:',
    platforms: {
      android: [
        'Докоснете „Изтегляне на сертификата“ по-горе.',
        'Отворете Настройки → Сигурност и поверителност → Още настройки за сигурност → Шифроване и идентификационни данни → Инсталиране на сертификат → CA сертификат (имената се различават при различните производители: потърсете „CA сертификат“ в Настройки).',
        'Докоснете „Инсталиране въпреки това“, потвърдете със заключването на екрана и изберете изтегления ca.crt.',
        'Отворете адреса на FleetPilot (стъпка 3) в Chrome.',
      ],
      ios: [
        'Отворете тази страница в Safari, докоснете „Изтегляне на сертификата“ и разрешете конфигурационния профил.',
        'Отворете Настройки → Общи → VPN и управление на устройства, изберете профила на FleetPilot и докоснете „Инсталиране“.',
        'Отворете Настройки → Общи → Информация → Настройки за доверие на сертификати и включете пълното доверие за „FleetPilot local authority“.',
        'Отворете адреса на FleetPilot (стъпка 3) в Safari.',
      ],
      windows: [
        'Изтеглете сертификата и отворете ca.crt.',
        'Изберете Инсталиране на сертификат… → Локален компютър → Поставяне на всички сертификати в следното хранилище → Преглед… → Доверени главни сертифициращи органи → Готово.',
        'Затворете всички прозорци на браузъра и отворете адреса на FleetPilot (стъпка 3).',
      ],
      macos: [
        'Изтеглете сертификата и щракнете два пъти върху ca.crt: Keychain Access го добавя в ключодържател.',
        'Щракнете два пъти върху „FleetPilot local authority“, отворете „Доверие“ и задайте „При използване на този сертификат“ на „Винаги доверие“; потвърдете с паролата си.',
        'Рестартирайте браузъра и отворете адреса на FleetPilot (стъпка 3).',
      ],
      chromeos: [
        'Изтеглете сертификата.',
        'Отворете Настройки → Поверителност и сигурност → Сигурност → Управление на сертификатите → Органи → Импортиране и изберете ca.crt.',
        'Отметнете „Доверяване на този сертификат за идентифициране на уебсайтове“, потвърдете и отворете адреса на FleetPilot (стъпка 3).',
      ],
    },
    step3Title: '3. Отворете FleetPilot през HTTPS',
    step3Text: 'Сканирайте кода с камерата на таблета или въведете адреса:',
    step3Own:
      'Този сървър има собствен сертификат. Отворете FleetPilot през HTTPS: сканирайте кода или въведете адреса:',
    qrLabel: 'QR код на {{url}}',
    after:
      'Влезте и оставете приложението отворено, докато горната лента покаже „Готово за офлайн използване“. След това го добавете на началния екран.',
    offTitle: 'Този сървър все още не предлага HTTPS',
    offText:
      'Без HTTPS таблетите не могат да използват FleetPilot офлайн, да го инсталират или да получават известия. Администратор: стартирайте FleetPilot с HTTPS=local, със собствен сертификат (TLS_CERT_FILE и TLS_KEY_FILE) или зад обратен прокси сървър — вижте „Tablets on the site network“ в README.',
  },
  gr: {
    title: 'Ρύθμιση tablet για το FleetPilot',
    lead: 'Το FleetPilot λειτουργεί εκτός σύνδεσης, εγκαθίσταται στην αρχική οθόνη και εμφανίζει ειδοποιήσεις μόνο μέσω ασφαλούς σύνδεσης (HTTPS). Ρυθμίστε κάθε tablet μία φορά:',
    languages: 'Γλώσσα',
    secureNow: 'Η σελίδα είναι ανοιχτή μέσω ασφαλούς σύνδεσης: η συσκευή είναι έτοιμη για το FleetPilot.',
    step1Title: '1. Κατεβάστε την αρχή πιστοποίησης αυτής της τοποθεσίας',
    step1Text:
      'Το FleetPilot δημιούργησε δική του αρχή πιστοποίησης για το δίκτυο αυτής της τοποθεσίας. Όταν εγκατασταθεί σε ένα tablet, το tablet εμπιστεύεται τη διεύθυνση του FleetPilot.',
    download: 'Λήψη πιστοποιητικού (ca.crt)',
    fingerprint: 'Αποτύπωμα SHA-256',
    fingerprintHint:
      'Το FleetPilot εμφανίζει αυτό το αποτύπωμα κατά την εκκίνηση. Ζητήστε από τον διαχειριστή να το συγκρίνει και εγκαταστήστε το πιστοποιητικό μόνο αν ταιριάζουν.',
    step2Title: '2. Εμπιστευτείτε το στη συσκευή',
    step2Text: 'Επιλέξτε το σύστημα της συσκευής:',
    platforms: {
      android: [
        'Πατήστε «Λήψη πιστοποιητικού» παραπάνω.',
        'Ανοίξτε Ρυθμίσεις → Ασφάλεια και απόρρητο → Περισσότερες ρυθμίσεις ασφάλειας → Κρυπτογράφηση και διαπιστευτήρια → Εγκατάσταση πιστοποιητικού → Πιστοποιητικό CA (οι ονομασίες διαφέρουν ανά κατασκευαστή: αναζητήστε «CA» στις Ρυθμίσεις).',
        'Πατήστε «Εγκατάσταση ούτως ή άλλως», επιβεβαιώστε με το κλείδωμα οθόνης και επιλέξτε το ca.crt που κατεβάσατε.',
        'Ανοίξτε τη διεύθυνση του FleetPilot (βήμα 3) στο Chrome.',
      ],
      ios: [
        'Ανοίξτε αυτή τη σελίδα στο Safari, πατήστε «Λήψη πιστοποιητικού» και επιτρέψτε το προφίλ διαμόρφωσης.',
        'Ανοίξτε Ρυθμίσεις → Γενικά → VPN και διαχείριση συσκευής, επιλέξτε το προφίλ του FleetPilot και πατήστε Εγκατάσταση.',
        'Ανοίξτε Ρυθμίσεις → Γενικά → Πληροφορίες → Ρυθμίσεις εμπιστοσύνης πιστοποιητικών και ενεργοποιήστε την πλήρη εμπιστοσύνη για το «FleetPilot local authority».',
        'Ανοίξτε τη διεύθυνση του FleetPilot (βήμα 3) στο Safari.',
      ],
      windows: [
        'Κατεβάστε το πιστοποιητικό και ανοίξτε το ca.crt.',
        'Επιλέξτε Εγκατάσταση πιστοποιητικού… → Τοπικός υπολογιστής → Τοποθέτηση όλων των πιστοποιητικών στον παρακάτω χώρο αποθήκευσης → Αναζήτηση… → Αξιόπιστες κεντρικές αρχές έκδοσης πιστοποιητικών → Τέλος.',
        'Κλείστε όλα τα παράθυρα του προγράμματος περιήγησης και ανοίξτε τη διεύθυνση του FleetPilot (βήμα 3).',
      ],
      macos: [
        'Κατεβάστε το πιστοποιητικό και κάντε διπλό κλικ στο ca.crt: η Πρόσβαση κλειδοθήκης το προσθέτει σε μια κλειδοθήκη.',
        'Κάντε διπλό κλικ στο «FleetPilot local authority», ανοίξτε την ενότητα Εμπιστοσύνη και ορίστε «Κατά τη χρήση αυτού του πιστοποιητικού» σε «Πάντα εμπιστοσύνη»· επιβεβαιώστε με τον κωδικό σας.',
        'Επανεκκινήστε το πρόγραμμα περιήγησης και ανοίξτε τη διεύθυνση του FleetPilot (βήμα 3).',
      ],
      chromeos: [
        'Κατεβάστε το πιστοποιητικό.',
        'Ανοίξτε Ρυθμίσεις → Απόρρητο και ασφάλεια → Ασφάλεια → Διαχείριση πιστοποιητικών → Αρχές → Εισαγωγή και επιλέξτε το ca.crt.',
        'Επιλέξτε «Να θεωρείται αξιόπιστο αυτό το πιστοποιητικό για την αναγνώριση ιστοτόπων», επιβεβαιώστε και ανοίξτε τη διεύθυνση του FleetPilot (βήμα 3).',
      ],
    },
    step3Title: '3. Ανοίξτε το FleetPilot μέσω HTTPS',
    step3Text: 'Σαρώστε τον κωδικό με την κάμερα του tablet ή πληκτρολογήστε τη διεύθυνση:',
    step3Own:
      'Αυτός ο διακομιστής έχει δικό του πιστοποιητικό. Ανοίξτε το FleetPilot μέσω HTTPS: σαρώστε τον κωδικό ή πληκτρολογήστε τη διεύθυνση:',
    qrLabel: 'Κωδικός QR του {{url}}',
    after:
      'Συνδεθείτε και αφήστε την εφαρμογή ανοιχτή μέχρι η επάνω γραμμή να γράψει «Έτοιμο για χρήση εκτός σύνδεσης». Έπειτα προσθέστε την στην αρχική οθόνη.',
    offTitle: 'Αυτός ο διακομιστής δεν προσφέρει ακόμη HTTPS',
    offText:
      'Χωρίς HTTPS τα tablet δεν μπορούν να χρησιμοποιούν το FleetPilot εκτός σύνδεσης, να το εγκαταστήσουν ή να λαμβάνουν ειδοποιήσεις. Διαχειριστή: ξεκινήστε το FleetPilot με HTTPS=local, με δικό σας πιστοποιητικό (TLS_CERT_FILE και TLS_KEY_FILE) ή πίσω από reverse proxy — δείτε «Tablets on the site network» στο README.',
  },
};
