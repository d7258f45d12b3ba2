import type { Culture } from '@seller/contracts';

/** `localization.languages` of the application configuration. */
export const languages = [
  {
    cultureName: 'zh-Hans',
    uiCultureName: 'zh-Hans',
    displayName: '简体中文',
    twoLetterISOLanguageName: 'zh',
    flagIcon: 'cn',
  },
  { cultureName: 'en', uiCultureName: 'en', displayName: 'English', twoLetterISOLanguageName: 'en', flagIcon: 'gb' },
];

/** `localization.currentCulture` per culture (.NET CultureInfo names and patterns). */
export const currentCultures: Record<Culture, object> = {
  'zh-Hans': {
    displayName: '中文(简体)',
    englishName: 'Chinese (Simplified)',
    threeLetterIsoLanguageName: 'zho',
    twoLetterIsoLanguageName: 'zh',
    isRightToLeft: false,
    cultureName: 'zh-Hans',
    name: 'zh-Hans',
    nativeName: '中文(简体)',
    dateTimeFormat: {
      calendarAlgorithmType: 'SolarCalendar',
      dateTimeFormatLong: "yyyy'年'M'月'd'日'",
      shortDatePattern: 'yyyy/M/d',
      fullDateTimePattern: "yyyy'年'M'月'd'日' H:mm:ss",
      dateSeparator: '/',
      shortTimePattern: 'H:mm',
      longTimePattern: 'H:mm:ss',
    },
  },
  en: {
    displayName: 'English',
    englishName: 'English',
    threeLetterIsoLanguageName: 'eng',
    twoLetterIsoLanguageName: 'en',
    isRightToLeft: false,
    cultureName: 'en',
    name: 'en',
    nativeName: 'English',
    dateTimeFormat: {
      calendarAlgorithmType: 'SolarCalendar',
      dateTimeFormatLong: 'dddd, MMMM d, yyyy',
      shortDatePattern: 'M/d/yyyy',
      fullDateTimePattern: 'dddd, MMMM d, yyyy h:mm:ss tt',
      dateSeparator: '/',
      shortTimePattern: 'h:mm tt',
      longTimePattern: 'h:mm:ss tt',
    },
  },
};

/** Culture names of client libraries (ABP `languagesMap`). */
export const languagesMap = {
  dayjs: [
    { name: 'zh-Hans', value: 'zh-cn' },
    { name: 'en', value: 'en' },
  ],
  antd: [
    { name: 'zh-Hans', value: 'zh_CN' },
    { name: 'en', value: 'en_US' },
  ],
};

/** Locale file names of client libraries (ABP `languageFilesMap`): each library names its files after its cultures. */
export const languageFilesMap = languagesMap;

/** Windows ids of common IANA zones (ABP's `timing.timeZone.windows`). */
const windowsZones: Record<string, string> = {
  'Asia/Shanghai': 'China Standard Time',
  'Asia/Hong_Kong': 'China Standard Time',
  'Asia/Taipei': 'Taipei Standard Time',
  'Asia/Singapore': 'Singapore Standard Time',
  'Asia/Kuala_Lumpur': 'Singapore Standard Time',
  'Asia/Manila': 'Singapore Standard Time',
  'Asia/Jakarta': 'SE Asia Standard Time',
  'Asia/Bangkok': 'SE Asia Standard Time',
  'Asia/Ho_Chi_Minh': 'SE Asia Standard Time',
  'Asia/Tokyo': 'Tokyo Standard Time',
  'Asia/Seoul': 'Korea Standard Time',
  'Asia/Kolkata': 'India Standard Time',
  'Asia/Dubai': 'Arabian Standard Time',
  'Europe/London': 'GMT Standard Time',
  'Europe/Berlin': 'W. Europe Standard Time',
  'Europe/Paris': 'Romance Standard Time',
  'Europe/Moscow': 'Russian Standard Time',
  'America/New_York': 'Eastern Standard Time',
  'America/Chicago': 'Central Standard Time',
  'America/Denver': 'Mountain Standard Time',
  'America/Los_Angeles': 'Pacific Standard Time',
  'Australia/Sydney': 'AUS Eastern Standard Time',
  UTC: 'UTC',
  'Etc/UTC': 'UTC',
};

export const windowsTimeZone = (iana: string) => windowsZones[iana] ?? null;
