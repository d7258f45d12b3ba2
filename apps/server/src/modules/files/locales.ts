import type { TextResources } from '../../core/module.ts';

/** Texts of the files service. */

/** This file's localization resources (registered by the kernel from the module definition). */
export const texts: TextResources[] = [
  {
    Files: {
      en: {
        TooLarge: 'The file is larger than {0} MB.',
        TypeNotAllowed: 'Only these file types are accepted: {0}.',
      },
      'zh-Hans': {
        TooLarge: '文件不能大于 {0} MB。',
        TypeNotAllowed: '只接受以下文件类型:{0}。',
      },
    },
  },
];
