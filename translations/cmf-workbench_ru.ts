<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>Explain</name>
    <message>
        <source>Tensor bytes changed</source>
        <translation>Байты тензора изменены</translation>
    </message>
    <message>
        <source>Header changed</source>
        <translation>Заголовок изменён</translation>
    </message>
    <message>
        <source>Tensor directory changed</source>
        <translation>Каталог тензоров изменён</translation>
    </message>
    <message>
        <source>Section changed</source>
        <translation>Секция изменена</translation>
    </message>
    <message>
        <source>Mask has bits past its end</source>
        <translation>В маске установлены биты за её концом</translation>
    </message>
    <message>
        <source>Tensor payload is malformed</source>
        <translation>Данные тензора повреждены</translation>
    </message>
    <message>
        <source>Feature bit missing</source>
        <translation>Не установлен бит возможности</translation>
    </message>
    <message>
        <source>Signature does not check</source>
        <translation>Подпись не сходится</translation>
    </message>
    <message>
        <source>The weights of this tensor no longer hash to the value the directory recorded when the file was written: at least one byte was changed or damaged on disk or in transfer. The model would compute with corrupted weights.</source>
        <translation>Хеш весов этого тензора больше не совпадает со значением, которое каталог записал при создании файла: как минимум один байт изменён или повреждён на диске или при передаче. Модель считала бы с испорченными весами.</translation>
    </message>
    <message>
        <source>The JSON header (architecture, chat template, provenance) differs from the one the file was written with; the hash stored in the envelope does not match it.</source>
        <translation>JSON-заголовок (архитектура, шаблон чата, происхождение) отличается от записанного при создании файла: хеш, сохранённый в конверте, ему не соответствует.</translation>
    </message>
    <message>
        <source>The tensor directory (names, shapes, offsets, hashes) differs from the one the file was written with; the hash stored in the envelope does not match it.</source>
        <translation>Каталог тензоров (имена, формы, смещения, хеши) отличается от записанного при создании файла: хеш, сохранённый в конверте, ему не соответствует.</translation>
    </message>
    <message>
        <source>A section (masks, tokenizer or sparse index) differs from the one recorded in the header&apos;s section_hashes, or the header records a section the file does not have.</source>
        <translation>Секция (маски, токенизатор или разреженный индекс) отличается от записанной в section_hashes заголовка, либо заголовок упоминает секцию, которой в файле нет.</translation>
    </message>
    <message>
        <source>A task mask sets bits beyond the number of neurons, heads or layers it covers. The spec requires them to be zero, otherwise active counts include phantom units.</source>
        <translation>Маска задачи устанавливает биты за пределами числа нейронов, голов или слоёв, которые она описывает. Спецификация требует, чтобы они были нулевыми, иначе в подсчёт активных попадают несуществующие элементы.</translation>
    </message>
    <message>
        <source>The bytes of this tensor do not have the structure its dtype defines (bit widths, row table, outlier list); decoding it would fail or read garbage.</source>
        <translation>Байты этого тензора не имеют структуры, заданной его типом (разрядности, таблица строк, список выбросов): декодирование завершится ошибкой или прочитает мусор.</translation>
    </message>
    <message>
        <source>The file uses a feature without raising its bit in required_features, so an older reader would misread it instead of refusing it.</source>
        <translation>Файл использует возможность, не установив её бит в required_features, поэтому старый читатель прочитает его неверно, вместо того чтобы отказаться.</translation>
    </message>
    <message>
        <source>The detached .sig beside the file does not match the file&apos;s contents or is malformed: the file was changed after it was signed, or the signature belongs to another file.</source>
        <translation>Отдельная подпись .sig рядом с файлом не соответствует его содержимому или повреждена: файл изменили после подписания, либо подпись относится к другому файлу.</translation>
    </message>
    <message>
        <source>Not a CMF file</source>
        <translation>Это не файл CMF</translation>
    </message>
    <message>
        <source>Unsupported CMF version</source>
        <translation>Неподдерживаемая версия CMF</translation>
    </message>
    <message>
        <source>Requires a feature this reader does not implement</source>
        <translation>Требуется возможность, которую эта программа не поддерживает</translation>
    </message>
    <message>
        <source>Truncated or out-of-bounds data</source>
        <translation>Данные обрезаны или выходят за границы</translation>
    </message>
    <message>
        <source>Malformed structure</source>
        <translation>Нарушена структура</translation>
    </message>
    <message>
        <source>Hash mismatch</source>
        <translation>Хеши не совпадают</translation>
    </message>
    <message>
        <source>The file cannot be read</source>
        <translation>Файл невозможно прочитать</translation>
    </message>
    <message>
        <source>Signature or key problem</source>
        <translation>Ошибка подписи или ключа</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
    <message>
        <source>A CMF v2 file starts with the four bytes &quot;CMF&quot; 0x01. This file starts with something else, so it is a different kind of file, or its beginning was overwritten.</source>
        <translation>Файл CMF v2 начинается с четырёх байтов «CMF» 0x01. Этот файл начинается с чего-то другого: это файл другого формата, либо его начало было перезаписано.</translation>
    </message>
    <message>
        <source>The envelope names a format version other than 2. Version 1 is retired and later versions are not known to this workbench; reading it anyway could silently misinterpret the data.</source>
        <translation>В конверте указана версия формата, отличная от 2. Версия 1 выведена из употребления, а более новые версии этой программе неизвестны; прочитав файл всё равно, можно незаметно неверно истолковать данные.</translation>
    </message>
    <message>
        <source>The file sets a bit in required_features that this reader does not implement. The format demands refusing such a file instead of reading it as best it can.</source>
        <translation>В файле установлен бит required_features, который эта программа не поддерживает. Формат требует отказаться от такого файла, а не читать его как получится.</translation>
    </message>
    <message>
        <source>An offset or length points outside the file or outside its section: the file is shorter than its own tables say (an interrupted download or copy), or the tables are damaged.</source>
        <translation>Смещение или длина указывают за пределы файла или своей секции: файл короче, чем утверждают его собственные таблицы (прерванная загрузка или копирование), либо таблицы повреждены.</translation>
    </message>
    <message>
        <source>A structure inside the file is malformed: the JSON header does not parse, or a tensor record has an invalid name, an unknown dtype, too many dimensions or a duplicate name.</source>
        <translation>Внутренняя структура файла нарушена: JSON-заголовок не разбирается, либо у записи тензора недопустимое имя, неизвестный тип, слишком много измерений или повторяющееся имя.</translation>
    </message>
    <message>
        <source>Stored and computed hashes differ: the data was changed after it was written.</source>
        <translation>Сохранённый и вычисленный хеши различаются: данные изменили после записи.</translation>
    </message>
    <message>
        <source>The operating system refused to open or map the file: it may not exist, be a directory, or you may lack permission to read it.</source>
        <translation>Операционная система не смогла открыть или отобразить файл: возможно, он не существует, является каталогом или у вас нет прав на чтение.</translation>
    </message>
    <message>
        <source>A key file or public key is malformed.</source>
        <translation>Файл ключа или открытый ключ повреждён.</translation>
    </message>
    <message>
        <source>The operation was cancelled before it finished.</source>
        <translation>Операция отменена до завершения.</translation>
    </message>
    <message>
        <source>Spec §1 (envelope) and §1.2: magic must be &quot;CMF\x01&quot;.</source>
        <translation>Спецификация, §1 (конверт) и §1.2: сигнатура должна быть «CMF\x01».</translation>
    </message>
    <message>
        <source>Spec §1.2: version must be 2.</source>
        <translation>Спецификация, §1.2: версия должна быть равна 2.</translation>
    </message>
    <message>
        <source>Spec §1.1 and §1.2: an unknown required_features bit is an error.</source>
        <translation>Спецификация, §1.1 и §1.2: неизвестный бит required_features — ошибка.</translation>
    </message>
    <message>
        <source>Spec §1.2: every section must end inside the file, data_off must be a multiple of 4096 and every tensor must end inside the weight blob.</source>
        <translation>Спецификация, §1.2: каждая секция должна заканчиваться внутри файла, data_off должно быть кратно 4096, а каждый тензор должен заканчиваться внутри блока весов.</translation>
    </message>
    <message>
        <source>Spec §1.2, §2 and §3: names are UTF-8 and unique, dtypes are known, ndim ≤ 6, the header is a JSON object.</source>
        <translation>Спецификация, §1.2, §2 и §3: имена — уникальные строки UTF-8, типы известны, ndim ≤ 6, заголовок — JSON-объект.</translation>
    </message>
    <message>
        <source>Spec §8 and §8.1: hash64 of tensors and sections.</source>
        <translation>Спецификация, §8 и §8.1: hash64 тензоров и секций.</translation>
    </message>
    <message>
        <source>binary tensor directory (always set in v2)</source>
        <translation>двоичный каталог тензоров (в v2 установлен всегда)</translation>
    </message>
    <message>
        <source>masks section present</source>
        <translation>есть секция масок</translation>
    </message>
    <message>
        <source>two-field quantization: q8_2f or vbit tensors</source>
        <translation>двухполевое квантование: тензоры q8_2f или vbit</translation>
    </message>
    <message>
        <source>reserved: XOR mask deltas (refused)</source>
        <translation>зарезервировано: XOR-дельты масок (отклоняется)</translation>
    </message>
    <message>
        <source>reserved: hot packs (refused)</source>
        <translation>зарезервировано: горячие пакеты (отклоняется)</translation>
    </message>
    <message>
        <source>mask rows are per visit of a looped transformer</source>
        <translation>строки масок — по проходам зацикленного трансформера</translation>
    </message>
    <message>
        <source>standalone skill file, not runnable alone</source>
        <translation>отдельный файл навыка, сам по себе не запускается</translation>
    </message>
    <message>
        <source>unknown to this reader</source>
        <translation>неизвестен этой программе</translation>
    </message>
</context>
<context>
    <name>Text</name>
    <message>
        <source>%1 B</source>
        <translation>%1 Б</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 КиБ</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 МиБ</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 ГиБ</translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation>%1 ТиБ</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 мин %2 с</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>cmfw::ArchTableModel</name>
    <message>
        <source>Architecture</source>
        <translation>Архитектура</translation>
    </message>
    <message>
        <source>Model family tag</source>
        <translation>Метка семейства модели</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>Скрытая размерность</translation>
    </message>
    <message>
        <source>Width of the residual stream</source>
        <translation>Ширина остаточного потока</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>Размер FFN</translation>
    </message>
    <message>
        <source>Neurons per feed-forward block (nominal after defrag)</source>
        <translation>Нейронов в блоке прямого распространения (номинально после дефрагментации)</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Слои</translation>
    </message>
    <message>
        <source>Transformer blocks</source>
        <translation>Блоки трансформера</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Головы внимания</translation>
    </message>
    <message>
        <source>Query heads per layer</source>
        <translation>Голов запросов на слой</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>Головы KV</translation>
    </message>
    <message>
        <source>Key/value heads (grouped-query attention)</source>
        <translation>Головы ключей/значений (grouped-query attention)</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>Размерность головы</translation>
    </message>
    <message>
        <source>Width of one attention head</source>
        <translation>Ширина одной головы внимания</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Словарь</translation>
    </message>
    <message>
        <source>Rows of the embedding matrix</source>
        <translation>Строк в матрице эмбеддингов</translation>
    </message>
    <message>
        <source>Layer types</source>
        <translation>Типы слоёв</translation>
    </message>
    <message>
        <source>Attention kind of each layer</source>
        <translation>Вид внимания каждого слоя</translation>
    </message>
    <message>
        <source>RMSNorm epsilon</source>
        <translation>Эпсилон RMSNorm</translation>
    </message>
    <message>
        <source>Added to the variance in every normalization</source>
        <translation>Прибавляется к дисперсии в каждой нормализации</translation>
    </message>
    <message>
        <source>Norm style</source>
        <translation>Стиль нормализации</translation>
    </message>
    <message>
        <source>&quot;qwen&quot;: x̂·w, &quot;gemma&quot;: x̂·(1+w) — mandatory for an engine</source>
        <translation>«qwen»: x̂·w, «gemma»: x̂·(1+w) — обязателен для движка</translation>
    </message>
    <message>
        <source>RoPE base</source>
        <translation>База RoPE</translation>
    </message>
    <message>
        <source>Rotary embedding frequency base of global layers</source>
        <translation>База частот ротационных эмбеддингов глобальных слоёв</translation>
    </message>
    <message>
        <source>Rotary fraction</source>
        <translation>Доля вращения</translation>
    </message>
    <message>
        <source>Share of each head that is rotated</source>
        <translation>Доля каждой головы, к которой применяется вращение</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>Global long-context RoPE scaling profile</source>
        <translation>Глобальный профиль масштабирования RoPE для длинного контекста</translation>
    </message>
    <message>
        <source>Heads per layer</source>
        <translation>Голов по слоям</translation>
    </message>
    <message>
        <source>Overrides the query head count layer by layer</source>
        <translation>Переопределяет число голов запросов для каждого слоя</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>Скользящее окно</translation>
    </message>
    <message>
        <source>Window of SlidingAttention layers</source>
        <translation>Окно слоёв SlidingAttention</translation>
    </message>
    <message>
        <source>Local RoPE base</source>
        <translation>Локальная база RoPE</translation>
    </message>
    <message>
        <source>RoPE base of sliding-window layers</source>
        <translation>База RoPE слоёв со скользящим окном</translation>
    </message>
    <message>
        <source>Local rotary fraction</source>
        <translation>Локальная доля вращения</translation>
    </message>
    <message>
        <source>Rotary fraction of sliding-window layers</source>
        <translation>Доля вращения слоёв со скользящим окном</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>Связанные эмбеддинги</translation>
    </message>
    <message>
        <source>lm_head reuses the embedding matrix</source>
        <translation>lm_head использует матрицу эмбеддингов</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Длина контекста</translation>
    </message>
    <message>
        <source>Longest position the model was trained for</source>
        <translation>Наибольшая позиция, на которой обучалась модель</translation>
    </message>
    <message>
        <source>Linear-attention kernel</source>
        <translation>Ядро линейного внимания</translation>
    </message>
    <message>
        <source>Convolution width of linear-attention layers</source>
        <translation>Ширина свёртки слоёв линейного внимания</translation>
    </message>
    <message>
        <source>Linear-attention key heads</source>
        <translation>Головы ключей линейного внимания</translation>
    </message>
    <message>
        <source>Key heads of linear-attention layers</source>
        <translation>Головы ключей слоёв линейного внимания</translation>
    </message>
    <message>
        <source>Linear-attention value heads</source>
        <translation>Головы значений линейного внимания</translation>
    </message>
    <message>
        <source>Value heads of linear-attention layers</source>
        <translation>Головы значений слоёв линейного внимания</translation>
    </message>
    <message>
        <source>Multi-token prediction</source>
        <translation>Предсказание нескольких токенов</translation>
    </message>
    <message>
        <source>Draft head for speculative decoding (§2.1)</source>
        <translation>Черновая голова для спекулятивного декодирования (§2.1)</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>Смесь экспертов</translation>
    </message>
    <message>
        <source>Expert FFN configuration (§2.2)</source>
        <translation>Конфигурация экспертных FFN (§2.2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>not defined by the spec</source>
        <translation>не определено спецификацией</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n элемент</numerusform>
            <numerusform>%n элемента</numerusform>
            <numerusform>%n элементов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n поле</numerusform>
            <numerusform>%n поля</numerusform>
            <numerusform>%n полей</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Поле</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>Смысл</translation>
    </message>
</context>
<context>
    <name>cmfw::BytesChart</name>
    <message>
        <source>bytes</source>
        <translation>байты</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>ГиБ</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>МиБ</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>КиБ</translation>
    </message>
</context>
<context>
    <name>cmfw::EnvelopeView</name>
    <message>
        <source>Envelope</source>
        <translation>Конверт</translation>
    </message>
    <message numerus="yes">
        <source>CMF version %1 · %2 (%3 bytes) · %n tensor(s). The fixed 128-byte envelope at offset 0 addresses every other section; a reader finds sections only through it (spec §1).</source>
        <translation>
            <numerusform>CMF версии %1 · %2 (%3 байт) · %n тензор. Фиксированный 128-байтовый конверт по смещению 0 указывает на все остальные секции; читатель находит секции только через него (спецификация, §1).</numerusform>
            <numerusform>CMF версии %1 · %2 (%3 байт) · %n тензора. Фиксированный 128-байтовый конверт по смещению 0 указывает на все остальные секции; читатель находит секции только через него (спецификация, §1).</numerusform>
            <numerusform>CMF версии %1 · %2 (%3 байт) · %n тензоров. Фиксированный 128-байтовый конверт по смещению 0 указывает на все остальные секции; читатель находит секции только через него (спецификация, §1).</numerusform>
        </translation>
    </message>
    <message>
        <source>Header JSON</source>
        <translation>JSON-заголовок</translation>
    </message>
    <message>
        <source>Directory</source>
        <translation>Каталог</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Веса</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Маски</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Токенизатор</translation>
    </message>
    <message>
        <source>Sparse index</source>
        <translation>Разреженный индекс</translation>
    </message>
    <message>
        <source>Padding / unused</source>
        <translation>Выравнивание / не используется</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>Секции</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Секция</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Смещение</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Длина</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Конец</translation>
    </message>
    <message>
        <source>Share of file</source>
        <translation>Доля файла</translation>
    </message>
    <message>
        <source>absent (offset 0)</source>
        <translation>отсутствует (смещение 0)</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>Поля</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Поле</translation>
    </message>
    <message>
        <source>At</source>
        <translation>Адрес</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Hex</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>Смысл</translation>
    </message>
    <message>
        <source>&quot;CMF&quot; 0x01 — identifies a CMF file</source>
        <translation>«CMF» 0x01 — признак файла CMF</translation>
    </message>
    <message>
        <source>format version (2)</source>
        <translation>версия формата (2)</translation>
    </message>
    <message>
        <source>reserved, 0</source>
        <translation>зарезервировано, 0</translation>
    </message>
    <message>
        <source>bits a reader must know (below)</source>
        <translation>биты, которые должен знать читатель (ниже)</translation>
    </message>
    <message>
        <source>JSON header</source>
        <translation>JSON-заголовок</translation>
    </message>
    <message>
        <source>tensor directory</source>
        <translation>каталог тензоров</translation>
    </message>
    <message>
        <source>weight blob (page aligned)</source>
        <translation>блок весов (выровнен по странице)</translation>
    </message>
    <message>
        <source>task masks; 0 = absent</source>
        <translation>маски задач; 0 — нет</translation>
    </message>
    <message>
        <source>tokenizer.json; 0 = absent</source>
        <translation>tokenizer.json; 0 — нет</translation>
    </message>
    <message>
        <source>sparse index; 0 = absent</source>
        <translation>разреженный индекс; 0 — нет</translation>
    </message>
    <message>
        <source>reserved: header hash</source>
        <translation>резерв: хеш заголовка</translation>
    </message>
    <message>
        <source>0 (absent)</source>
        <translation>0 (нет)</translation>
    </message>
    <message>
        <source>hash64 of the header JSON (§8.1)</source>
        <translation>hash64 JSON-заголовка (§8.1)</translation>
    </message>
    <message>
        <source>reserved: directory hash</source>
        <translation>резерв: хеш каталога</translation>
    </message>
    <message>
        <source>hash64 of the directory (§8.1)</source>
        <translation>hash64 каталога (§8.1)</translation>
    </message>
    <message>
        <source>Feature bits (required_features = %1)</source>
        <translation>Биты возможностей (required_features = %1)</translation>
    </message>
    <message>
        <source>Bit</source>
        <translation>Бит</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Установлен</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
</context>
<context>
    <name>cmfw::ErrorView</name>
    <message>
        <source>%1 could not be opened as a CMF v2 file.</source>
        <translation>Не удалось открыть %1 как файл CMF v2.</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>Что не так</translation>
    </message>
    <message>
        <source>Error kind</source>
        <translation>Вид ошибки</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Что это значит</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Правило</translation>
    </message>
    <message>
        <source>File size</source>
        <translation>Размер файла</translation>
    </message>
    <message>
        <source>%1 bytes (%2)</source>
        <translation>%1 байт (%2)</translation>
    </message>
    <message>
        <source>First bytes</source>
        <translation>Первые байты</translation>
    </message>
    <message>
        <source>A CMF reader must refuse such a file rather than read it as best it can (spec §1.2). If you expected a valid file, it was probably truncated or changed after it was written: download or copy it again.</source>
        <translation>Читатель CMF обязан отказаться от такого файла, а не читать его как получится (спецификация, §1.2). Если вы ожидали корректный файл, вероятно, он был обрезан или изменён после записи: скачайте или скопируйте его заново.</translation>
    </message>
</context>
<context>
    <name>cmfw::FilePage</name>
    <message>
        <source>Envelope</source>
        <translation>Конверт</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>Заголовок</translation>
    </message>
    <message>
        <source>Tensors (%1)</source>
        <translation>Тензоры (%1)</translation>
    </message>
    <message>
        <source>Masks (%1)</source>
        <translation>Маски (%1)</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Маски</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Навыки</translation>
    </message>
    <message>
        <source>Skills (%1)</source>
        <translation>Навыки (%1)</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Токенизатор</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Подпись</translation>
    </message>
    <message>
        <source>Shards (%1)</source>
        <translation>Шарды (%1)</translation>
    </message>
</context>
<context>
    <name>cmfw::HeaderJsonModel</name>
    <message>
        <source>object</source>
        <translation>объект</translation>
    </message>
    <message>
        <source>array</source>
        <translation>массив</translation>
    </message>
    <message>
        <source>string</source>
        <translation>строка</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>логическое</translation>
    </message>
    <message>
        <source>integer</source>
        <translation>целое</translation>
    </message>
    <message>
        <source>number</source>
        <translation>число</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation>
            <numerusform>{%n ключ}</numerusform>
            <numerusform>{%n ключа}</numerusform>
            <numerusform>{%n ключей}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n элемент]</numerusform>
            <numerusform>[%n элемента]</numerusform>
            <numerusform>[%n элементов]</numerusform>
        </translation>
    </message>
    <message>
        <source>Not defined by the spec. Readers ignore unknown fields (additive evolution, §1.1); it is shown so nothing in the file is hidden.</source>
        <translation>Не определено спецификацией. Читатели игнорируют неизвестные поля (аддитивное развитие, §1.1); поле показано, чтобы ничего в файле не было скрыто.</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Тип</translation>
    </message>
</context>
<context>
    <name>cmfw::HeaderView</name>
    <message>
        <source>Header</source>
        <translation>Заголовок</translation>
    </message>
    <message>
        <source>%1 of JSON at offset %2.</source>
        <translation>%1 JSON по смещению %2.</translation>
    </message>
    <message>
        <source>Default quantization: %1 (informational; each tensor&apos;s dtype is the truth).</source>
        <translation>Квантование по умолчанию: %1 (справочно; истину задаёт тип каждого тензора).</translation>
    </message>
    <message>
        <source>Architecture (arch)</source>
        <translation>Архитектура (arch)</translation>
    </message>
    <message>
        <source>The header has no arch block.</source>
        <translation>В заголовке нет блока arch.</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Search keys and values…</source>
        <translation>Поиск по ключам и значениям…</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>Развернуть всё</translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation>Свернуть</translation>
    </message>
    <message>
        <source>Fields in italics are not defined by the spec; readers ignore them, the workbench shows them.</source>
        <translation>Поля курсивом не определены спецификацией: читатели их игнорируют, а Workbench показывает.</translation>
    </message>
</context>
<context>
    <name>cmfw::HistogramChart</name>
    <message>
        <source>value</source>
        <translation>значение</translation>
    </message>
    <message>
        <source>count (log)</source>
        <translation>количество (лог.)</translation>
    </message>
    <message>
        <source>count</source>
        <translation>количество</translation>
    </message>
</context>
<context>
    <name>cmfw::Job</name>
    <message>
        <source>running</source>
        <translation>выполняется</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>заменено новым</translation>
    </message>
</context>
<context>
    <name>cmfw::JobListModel</name>
    <message>
        <source>starting</source>
        <translation>запуск</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Задача</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Ход выполнения</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Длительность</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
</context>
<context>
    <name>cmfw::JobRunner</name>
    <message>
        <source>hashing tensors</source>
        <translation>хеширование тензоров</translation>
    </message>
    <message>
        <source>sha256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>decoding</source>
        <translation>декодирование</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>статистика</translation>
    </message>
    <message>
        <source>histogram</source>
        <translation>гистограмма</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>открытие</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>запись</translation>
    </message>
    <message>
        <source>checking signature</source>
        <translation>проверка подписи</translation>
    </message>
    <message>
        <source>reading tokenizer</source>
        <translation>чтение токенизатора</translation>
    </message>
</context>
<context>
    <name>cmfw::JobsView</name>
    <message>
        <source>Cancel selected</source>
        <translation>Отменить выбранные</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>Отменить все</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Убрать завершённые</translation>
    </message>
</context>
<context>
    <name>cmfw::MainWindow</name>
    <message>
        <source>CMF Workbench</source>
        <translation>CMF Workbench</translation>
    </message>
    <message>
        <source>Open a CMF file to see everything in it: envelope, header, tensors, masks, skills, tokenizer and signature. Drop files anywhere on this window to open them, or on the Verify / Sign panel to check their integrity.</source>
        <translation>Откройте файл CMF, чтобы увидеть всё его содержимое: конверт, заголовок, тензоры, маски, навыки, токенизатор и подпись. Перетащите файлы в любое место окна, чтобы открыть их, или на панель «Проверка / подпись», чтобы проверить их целостность.</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Открыть…</translation>
    </message>
    <message>
        <source>Open the demo model</source>
        <translation>Открыть демо-модель</translation>
    </message>
    <message>
        <source>Recent files:</source>
        <translation>Недавние файлы:</translation>
    </message>
    <message>
        <source>Verify / Sign</source>
        <translation>Проверка / подпись</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Задачи</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Открыть…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Открыть &amp;недавние</translation>
    </message>
    <message>
        <source>Open the &amp;demo model</source>
        <translation>Открыть &amp;демо-модель</translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation>&amp;Закрыть вкладку</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Envelope</source>
        <translation>&amp;Конверт</translation>
    </message>
    <message>
        <source>&amp;Header</source>
        <translation>З&amp;аголовок</translation>
    </message>
    <message>
        <source>&amp;Tensors</source>
        <translation>&amp;Тензоры</translation>
    </message>
    <message>
        <source>&amp;Masks</source>
        <translation>&amp;Маски</translation>
    </message>
    <message>
        <source>S&amp;kills</source>
        <translation>&amp;Навыки</translation>
    </message>
    <message>
        <source>T&amp;okenizer</source>
        <translation>Т&amp;окенизатор</translation>
    </message>
    <message>
        <source>Si&amp;gnature</source>
        <translation>&amp;Подпись</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Инструменты</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>&amp;Проверить</translation>
    </message>
    <message>
        <source>Check every hash of the current file and its signature</source>
        <translation>Проверить все хеши текущего файла и его подпись</translation>
    </message>
    <message>
        <source>&amp;Sign…</source>
        <translation>П&amp;одписать…</translation>
    </message>
    <message>
        <source>Write a detached signature beside the current file</source>
        <translation>Записать отдельную подпись рядом с текущим файлом</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;About CMF Workbench</source>
        <translation>&amp;О CMF Workbench</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>О &amp;Qt</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Основная</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(нет)</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>Очистить список</translation>
    </message>
    <message>
        <source>%1 — CMF Workbench</source>
        <translation>%1 — CMF Workbench</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>выполняется %n задача</numerusform>
            <numerusform>выполняются %n задачи</numerusform>
            <numerusform>выполняется %n задач</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a valid CMF file: %2</source>
        <translation>%1 — некорректный файл CMF: %2</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 (%2, %n tensor(s)) in %3 ms</source>
        <translation>
            <numerusform>Открыт %1 (%2, %n тензор) за %3 мс</numerusform>
            <numerusform>Открыт %1 (%2, %n тензора) за %3 мс</numerusform>
            <numerusform>Открыт %1 (%2, %n тензоров) за %3 мс</numerusform>
        </translation>
    </message>
    <message>
        <source>Shard set of %1: %2</source>
        <translation>Набор шардов %1: %2</translation>
    </message>
    <message>
        <source>Choose or generate a signing key in the Verify / Sign panel first.</source>
        <translation>Сначала выберите или создайте ключ подписи на панели «Проверка / подпись».</translation>
    </message>
    <message>
        <source>Open CMF files</source>
        <translation>Открыть файлы CMF</translation>
    </message>
    <message>
        <source>CMF files (*.cmf);;All files (*)</source>
        <translation>Файлы CMF (*.cmf);;Все файлы (*)</translation>
    </message>
    <message>
        <source>About CMF Workbench</source>
        <translation>О CMF Workbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;CMF Workbench %1&lt;/h3&gt;&lt;p&gt;Open, inspect, verify and sign CMF v2 model files.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CMF Workbench %1&lt;/h3&gt;&lt;p&gt;Открытие, просмотр, проверка и подпись файлов моделей CMF v2.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Jobs are running</source>
        <translation>Задачи выполняются</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) are still running. Cancel them and close?</source>
        <translation>
            <numerusform>Ещё выполняется %n задача. Отменить её и закрыть?</numerusform>
            <numerusform>Ещё выполняются %n задачи. Отменить их и закрыть?</numerusform>
            <numerusform>Ещё выполняется %n задач. Отменить их и закрыть?</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelling jobs…</source>
        <translation>Отмена задач…</translation>
    </message>
</context>
<context>
    <name>cmfw::MasksView</name>
    <message>
        <source>NOT MEASURED</source>
        <translation>НЕ ИЗМЕРЕНО</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Маски</translation>
    </message>
    <message>
        <source>This file has no masks section (masks_off = 0). Task masks are bit fields over the shared weights that say which FFN neurons, attention heads, layers and experts are active for a task, without changing any weight (spec §5).</source>
        <translation>В этом файле нет секции масок (masks_off = 0). Маски задач — это битовые поля поверх общих весов: они указывают, какие нейроны FFN, головы внимания, слои и эксперты активны для задачи, не меняя ни одного веса (спецификация, §5).</translation>
    </message>
    <message numerus="yes">
        <source>%n mask(s) in %1 at offset %2; default task: %3.</source>
        <translation>
            <numerusform>%n маска, %1 по смещению %2; задача по умолчанию: %3.</numerusform>
            <numerusform>%n маски, %1 по смещению %2; задача по умолчанию: %3.</numerusform>
            <numerusform>%n масок, %1 по смещению %2; задача по умолчанию: %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Each mask has %1 rows of %2 FFN bits, %3 head bits, %4 layer gates</source>
        <translation>В каждой маске %1 строк по %2 бит FFN, %3 бит голов, %4 вентилей слоёв</translation>
    </message>
    <message>
        <source>and %1 expert bits per row.</source>
        <translation>и %1 бит экспертов на строку.</translation>
    </message>
    <message>
        <source>LOOP_MASKS: rows are per visit of a looped transformer.</source>
        <translation>LOOP_MASKS: строки соответствуют проходам зацикленного трансформера.</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Задача</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Sparsity</source>
        <translation>Разреженность</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Качество</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Приоритет</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Родитель</translation>
    </message>
    <message>
        <source>Blob offset</source>
        <translation>Смещение блока</translation>
    </message>
    <message>
        <source>Blob bytes</source>
        <translation>Байт в блоке</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>Эксперты</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>Active FFN neurons</source>
        <translation>Активные нейроны FFN</translation>
    </message>
    <message>
        <source>Active heads</source>
        <translation>Активные головы</translation>
    </message>
    <message>
        <source>Layer gate</source>
        <translation>Вентиль слоя</translation>
    </message>
    <message>
        <source>Active experts</source>
        <translation>Активные эксперты</translation>
    </message>
    <message>
        <source>Sparse index</source>
        <translation>Разреженный индекс</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) (task × layer) in %1: %2 active FFN groups and %3 active heads in total. Deprecation-pending: engines read the mask bits directly (§7).</source>
        <translation>
            <numerusform>%n запись (задача × слой), %1: всего %2 активных групп FFN и %3 активных голов. Ожидает упразднения: движки читают биты масок напрямую (§7).</numerusform>
            <numerusform>%n записи (задача × слой), %1: всего %2 активных групп FFN и %3 активных голов. Ожидает упразднения: движки читают биты масок напрямую (§7).</numerusform>
            <numerusform>%n записей (задача × слой), %1: всего %2 активных групп FFN и %3 активных голов. Ожидает упразднения: движки читают биты масок напрямую (§7).</numerusform>
        </translation>
    </message>
    <message>
        <source>No sparse index (index_off = 0). Writers should no longer emit it (§7).</source>
        <translation>Разреженного индекса нет (index_off = 0). Писателям больше не следует его создавать (§7).</translation>
    </message>
    <message>
        <source>on</source>
        <translation>вкл</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
</context>
<context>
    <name>cmfw::PreviewModel</name>
    <message>
        <source>[%1, %2] = %3</source>
        <translation>[%1, %2] = %3</translation>
    </message>
</context>
<context>
    <name>cmfw::RowScalesModel</name>
    <message>
        <source>Mean of the row&apos;s 32-weight group scales</source>
        <translation>Среднее масштабов групп по 32 веса в строке</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>Биты</translation>
    </message>
    <message>
        <source>Mean scale</source>
        <translation>Средний масштаб</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Масштаб</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>Мин. масштаб</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>Макс. масштаб</translation>
    </message>
    <message>
        <source>Outliers</source>
        <translation>Выбросы</translation>
    </message>
</context>
<context>
    <name>cmfw::RowSeriesChart</name>
    <message>
        <source>row</source>
        <translation>строка</translation>
    </message>
</context>
<context>
    <name>cmfw::SectionBar</name>
    <message>
        <source>%1
offset %2
length %3 (%4 of the file)</source>
        <translation>%1
смещение %2
длина %3 (%4 файла)</translation>
    </message>
</context>
<context>
    <name>cmfw::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Язык:</translation>
    </message>
    <message>
        <source>The language changes when the workbench starts next time.</source>
        <translation>Язык сменится при следующем запуске программы.</translation>
    </message>
    <message>
        <source>automatic (%1)</source>
        <translation>автоматически (%1)</translation>
    </message>
    <message>
        <source>Threads used for hashing and decoding; automatic uses one per core.</source>
        <translation>Потоки для хеширования и декодирования; в автоматическом режиме — по одному на ядро.</translation>
    </message>
    <message>
        <source>Worker threads:</source>
        <translation>Рабочие потоки:</translation>
    </message>
    <message>
        <source>Trusted signer keys (a valid .sig by one of these is shown as trusted):</source>
        <translation>Доверенные ключи подписи (верная подпись .sig одним из них показывается как доверенная):</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Ed25519 public key</source>
        <translation>Открытый ключ Ed25519</translation>
    </message>
    <message>
        <source>Add key…</source>
        <translation>Добавить ключ…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Add trusted key</source>
        <translation>Добавить доверенный ключ</translation>
    </message>
    <message>
        <source>Ed25519 public key (64 hex digits):</source>
        <translation>Открытый ключ Ed25519 (64 шестнадцатеричные цифры):</translation>
    </message>
    <message>
        <source>A public key is 64 hexadecimal digits.</source>
        <translation>Открытый ключ — это 64 шестнадцатеричные цифры.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Имя:</translation>
    </message>
    <message>
        <source>Row %1: a public key is 64 hexadecimal digits.</source>
        <translation>Строка %1: открытый ключ — это 64 шестнадцатеричные цифры.</translation>
    </message>
</context>
<context>
    <name>cmfw::ShardsView</name>
    <message>
        <source>Shards</source>
        <translation>Шарды</translation>
    </message>
    <message>
        <source>This file is shard %1 of %2. Every shard is a valid file on its own; the model is the union of their directories, and masks, tokenizer, chat template and skills live in shard 1 only (spec §10).</source>
        <translation>Этот файл — шард %1 из %2. Каждый шард сам по себе корректный файл; модель — объединение их каталогов, а маски, токенизатор, шаблон чата и навыки хранятся только в шарде 1 (спецификация, §10).</translation>
    </message>
    <message>
        <source>The set could not be assembled: %1</source>
        <translation>Не удалось собрать набор: %1</translation>
    </message>
    <message>
        <source>The views show this shard alone.</source>
        <translation>Представления показывают только этот шард.</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>Шард</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Тензоры</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Веса</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s) in the merged directory, %1 in all files.</source>
        <translation>
            <numerusform>%n тензор в объединённом каталоге, во всех файлах %1.</numerusform>
            <numerusform>%n тензора в объединённом каталоге, во всех файлах %1.</numerusform>
            <numerusform>%n тензоров в объединённом каталоге, во всех файлах %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cmfw::SignatureView</name>
    <message>
        <source>Signature</source>
        <translation>Подпись</translation>
    </message>
    <message>
        <source>A detached Ed25519 signature &lt;file&gt;.sig proves who published the file: it signs the SHA-256 of the whole file, so the container itself is never rewritten (spec §8.2). Its absence is not an error.</source>
        <translation>Отдельная подпись Ed25519 &lt;файл&gt;.sig подтверждает, кто опубликовал файл: она подписывает SHA-256 всего файла, поэтому сам контейнер никогда не перезаписывается (спецификация, §8.2). Отсутствие подписи — не ошибка.</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Проверить снова</translation>
    </message>
    <message>
        <source>Verify the whole file…</source>
        <translation>Проверить весь файл…</translation>
    </message>
    <message>
        <source>Sign…</source>
        <translation>Подписать…</translation>
    </message>
    <message>
        <source>Trust this signer…</source>
        <translation>Доверять этому автору подписи…</translation>
    </message>
    <message>
        <source>Checking %1.sig against the file…</source>
        <translation>Сверка %1.sig с файлом…</translation>
    </message>
    <message>
        <source>Check signature of %1</source>
        <translation>Проверка подписи %1</translation>
    </message>
    <message>
        <source>no signature</source>
        <translation>подписи нет</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>верно</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>НЕВЕРНО</translation>
    </message>
    <message>
        <source>Could not check the signature: %1</source>
        <translation>Не удалось проверить подпись: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not signed.&lt;/b&gt; There is no %1 beside the file.</source>
        <translation>&lt;b&gt;Не подписан.&lt;/b&gt; Рядом с файлом нет %1.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Signature valid.&lt;/b&gt; The file is exactly what the holder of this key signed.</source>
        <translation>&lt;b&gt;Подпись верна.&lt;/b&gt; Файл в точности тот, что подписал владелец этого ключа.</translation>
    </message>
    <message>
        <source>Signer: &lt;b&gt;%1&lt;/b&gt; (in your trusted keys).</source>
        <translation>Автор подписи: &lt;b&gt;%1&lt;/b&gt; (есть в ваших доверенных ключах).</translation>
    </message>
    <message>
        <source>The signer is &lt;b&gt;not&lt;/b&gt; in your trusted keys: anyone can make a valid signature with their own key. Check the key below with its owner before trusting it.</source>
        <translation>Автора подписи &lt;b&gt;нет&lt;/b&gt; в ваших доверенных ключах: верную подпись может сделать любой своим ключом. Прежде чем доверять, сверьте ключ ниже с его владельцем.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Signature INVALID:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Подпись НЕВЕРНА:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Алгоритм</translation>
    </message>
    <message>
        <source>Public key</source>
        <translation>Открытый ключ</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
</context>
<context>
    <name>cmfw::SkillsView</name>
    <message>
        <source>Skills</source>
        <translation>Навыки</translation>
    </message>
    <message>
        <source>This file has no skills registry. A skill is a set of full-shape replacement tensors named skill.{id}.{tensor} over the shared backbone; at run time the engine reads the replacement instead of the backbone tensor (spec §9).</source>
        <translation>В этом файле нет реестра навыков. Навык — набор полноразмерных тензоров-замен с именами skill.{id}.{тензор} поверх общей основы; при выполнении движок читает замену вместо тензора основы (спецификация, §9).</translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s) over one backbone.</source>
        <translation>
            <numerusform>%n навык поверх одной основы.</numerusform>
            <numerusform>%n навыка поверх одной основы.</numerusform>
            <numerusform>%n навыков поверх одной основы.</numerusform>
        </translation>
    </message>
    <message>
        <source>SKILL_FILE is set: this is a standalone skill, not runnable alone; apply it to the base whose directory hash it names (§9.1).</source>
        <translation>Установлен SKILL_FILE: это отдельный навык, сам по себе не запускается; примените его к основе, хеш каталога которой в нём указан (§9.1).</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Слои</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Тензоры</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Качество</translation>
    </message>
    <message>
        <source>Base directory hash</source>
        <translation>Хеш каталога основы</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <source>Replaces</source>
        <translation>Заменяет</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDetailView</name>
    <message>
        <source>This dtype stores values directly; it has no scales.</source>
        <translation>Этот тип хранит значения напрямую, масштабов у него нет.</translation>
    </message>
    <message>
        <source>q8_row: int8 codes and one f16 scale per row; w = q · scale[row].</source>
        <translation>q8_row: коды int8 и один масштаб f16 на строку; w = q · scale[строка].</translation>
    </message>
    <message>
        <source>q8_2f: int8 codes, an f16 scale per row and an f16 field per column; w = q · scale[row] · col[column].</source>
        <translation>q8_2f: коды int8, масштаб f16 на строку и поле f16 на столбец; w = q · scale[строка] · col[столбец].</translation>
    </message>
    <message>
        <source>q4_block: 4-bit codes in groups of 32 over the flattened tensor, one f16 scale per group; w = (q − 8) · scale.</source>
        <translation>q4_block: 4-битные коды группами по 32 по развёрнутому тензору, один масштаб f16 на группу; w = (q − 8) · scale.</translation>
    </message>
    <message>
        <source>q4_tiled: 18-byte tiles of one f16 scale and 32 nibbles.</source>
        <translation>q4_tiled: 18-байтовые плитки из одного масштаба f16 и 32 полубайтов.</translation>
    </message>
    <message>
        <source>q4tp: q4 tiles whose scales are 5-bit rungs of a per-row ladder 2^(lo + code · step).</source>
        <translation>q4tp: плитки q4, чьи масштабы — 5-битные ступени лестницы строки 2^(lo + code · step).</translation>
    </message>
    <message>
        <source>vbit: each row has its own bit width (3–8) and one f16 scale per 32 weights; w = (u − L) · scale.</source>
        <translation>vbit: у каждой строки своя разрядность (3–8) и один масштаб f16 на 32 веса; w = (u − L) · scale.</translation>
    </message>
    <message>
        <source>q1: one sign bit per weight and one f16 scale per 32; w = ±scale.</source>
        <translation>q1: один бит знака на вес и один масштаб f16 на 32 веса; w = ±scale.</translation>
    </message>
    <message>
        <source>q1s: a q1 base plus a list of outliers kept at f16 precision.</source>
        <translation>q1s: основа q1 плюс список выбросов с точностью f16.</translation>
    </message>
    <message>
        <source>q1t: ternary {−s, 0, +s} tiles plus per-row outliers at f16 precision.</source>
        <translation>q1t: троичные плитки {−s, 0, +s} плюс выбросы по строкам с точностью f16.</translation>
    </message>
    <message>
        <source>Reserved dtype without a defined layout.</source>
        <translation>Зарезервированный тип без определённой раскладки.</translation>
    </message>
    <message>
        <source>Export .npy…</source>
        <translation>Экспорт в .npy…</translation>
    </message>
    <message>
        <source>Write the dequantized values as a float32 NumPy array</source>
        <translation>Записать деквантованные значения как массив NumPy float32</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>Элементы</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>Бит на вес</translation>
    </message>
    <message>
        <source>Hash64</source>
        <translation>Hash64</translation>
    </message>
    <message>
        <source>File offset</source>
        <translation>Смещение в файле</translation>
    </message>
    <message>
        <source>In weight blob</source>
        <translation>В блоке весов</translation>
    </message>
    <message>
        <source>Layer / family</source>
        <translation>Слой / семейство</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Количество</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Мин.</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Макс.</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Среднее</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>Ст. откл.</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>Нули</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Abs sum</source>
        <translation>Сумма модулей</translation>
    </message>
    <message>
        <source>Max |x|</source>
        <translation>Макс. |x|</translation>
    </message>
    <message>
        <source>Not finite</source>
        <translation>Не конечные</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Histogram of dequantized values</source>
        <translation>Гистограмма деквантованных значений</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Логарифмическая шкала</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Статистика</translation>
    </message>
    <message>
        <source>First row:</source>
        <translation>Первая строка:</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Значения</translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation>Квантование</translation>
    </message>
    <message>
        <source>in shard %1</source>
        <translation>в шарде %1</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>слой %1</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>голова MTP</translation>
    </message>
    <message>
        <source>not in a layer</source>
        <translation>вне слоёв</translation>
    </message>
    <message>
        <source>This dtype is reserved and has no decoder, so its values cannot be shown.</source>
        <translation>Этот тип зарезервирован и не имеет декодера, поэтому его значения показать нельзя.</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>Вычисление статистики…</translation>
    </message>
    <message>
        <source>Statistics of %1</source>
        <translation>Статистика %1</translation>
    </message>
    <message>
        <source>%1 values, mean %2, std %3</source>
        <translation>%1 значений, среднее %2, ст. откл. %3</translation>
    </message>
    <message>
        <source>Could not decode this tensor: %1</source>
        <translation>Не удалось декодировать этот тензор: %1</translation>
    </message>
    <message>
        <source>Statistics of %1 failed: %2</source>
        <translation>Ошибка статистики %1: %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>Values of %1</source>
        <translation>Значения %1</translation>
    </message>
    <message>
        <source>rows %1–%2 of %3, columns 0–%4 of %5</source>
        <translation>строки %1–%2 из %3, столбцы 0–%4 из %5</translation>
    </message>
    <message>
        <source>mean scale</source>
        <translation>средний масштаб</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>масштаб</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>биты</translation>
    </message>
    <message numerus="yes">
        <source>Column field: %n value(s) from %1 to %2.</source>
        <translation>
            <numerusform>Поле столбцов: %n значение от %1 до %2.</numerusform>
            <numerusform>Поле столбцов: %n значения от %1 до %2.</numerusform>
            <numerusform>Поле столбцов: %n значений от %1 до %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not decode: %1</source>
        <translation>Не удалось декодировать: %1</translation>
    </message>
    <message>
        <source>Export tensor as .npy</source>
        <translation>Экспорт тензора в .npy</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation>Массивы NumPy (*.npy)</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>Экспорт %1</translation>
    </message>
    <message>
        <source>%1 float32 values written</source>
        <translation>записано %1 значений float32</translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>%1 экспортирован в %2</translation>
    </message>
    <message>
        <source>Export of %1 failed: %2</source>
        <translation>Ошибка экспорта %1: %2</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorDirectoryModel</name>
    <message>
        <source>layer %1</source>
        <translation>слой %1</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>голова MTP</translation>
    </message>
    <message>
        <source>not in a layer</source>
        <translation>вне слоёв</translation>
    </message>
    <message>
        <source>directory record %1</source>
        <translation>запись каталога %1</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 байт</translation>
    </message>
    <message>
        <source>file offset %1, %2 into the weight blob</source>
        <translation>смещение в файле %1, %2 от начала блока весов</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Слой %1</translation>
    </message>
    <message>
        <source>Outside the layers</source>
        <translation>Вне слоёв</translation>
    </message>
    <message numerus="yes">
        <source>(%n tensor(s))</source>
        <translation>
            <numerusform>(%n тензор)</numerusform>
            <numerusform>(%n тензора)</numerusform>
            <numerusform>(%n тензоров)</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>Элементы</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
    <message>
        <source>Bits/w</source>
        <translation>Бит/вес</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Смещение</translation>
    </message>
    <message>
        <source>Hash64</source>
        <translation>Hash64</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>Шард</translation>
    </message>
    <message>
        <source>Tensor name, as in the source model</source>
        <translation>Имя тензора, как в исходной модели</translation>
    </message>
    <message>
        <source>Encoding of the weights (spec §3.1)</source>
        <translation>Кодирование весов (спецификация, §3.1)</translation>
    </message>
    <message>
        <source>Logical shape of the tensor</source>
        <translation>Логическая форма тензора</translation>
    </message>
    <message>
        <source>Number of weights</source>
        <translation>Число весов</translation>
    </message>
    <message>
        <source>Bytes the tensor occupies in the file</source>
        <translation>Байт, занимаемых тензором в файле</translation>
    </message>
    <message>
        <source>Bytes × 8 / elements, scales and tables included</source>
        <translation>Байты × 8 / элементы, с учётом масштабов и таблиц</translation>
    </message>
    <message>
        <source>Position of the first byte in the file</source>
        <translation>Позиция первого байта в файле</translation>
    </message>
    <message>
        <source>hash64 of the tensor bytes recorded in the directory (spec §8)</source>
        <translation>hash64 байтов тензора, записанный в каталоге (спецификация, §8)</translation>
    </message>
    <message>
        <source>Shard file that holds the tensor (spec §10)</source>
        <translation>Файл-шард, в котором хранится тензор (спецификация, §10)</translation>
    </message>
    <message>
        <source>Invalid regular expression at position %1: %2</source>
        <translation>Ошибка в регулярном выражении в позиции %1: %2</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorSummaryPanel</name>
    <message>
        <source>Bytes per dtype</source>
        <translation>Байты по типам</translation>
    </message>
    <message>
        <source>Bytes per tensor family</source>
        <translation>Байты по семействам тензоров</translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation>эмбеддинги</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>внимание</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>эксперты</translation>
    </message>
    <message>
        <source>norms</source>
        <translation>нормализации</translation>
    </message>
    <message>
        <source>skills</source>
        <translation>навыки</translation>
    </message>
    <message>
        <source>other</source>
        <translation>прочее</translation>
    </message>
</context>
<context>
    <name>cmfw::TensorsView</name>
    <message>
        <source>Tensors</source>
        <translation>Тензоры</translation>
    </message>
    <message>
        <source>Filter by name (e.g. layers.3. or mlp)…</source>
        <translation>Фильтр по имени (например, layers.3. или mlp)…</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>Регулярное выражение</translation>
    </message>
    <message>
        <source>Group by layer</source>
        <translation>Группировать по слоям</translation>
    </message>
    <message>
        <source>Bits/w</source>
        <translation>Бит/вес</translation>
    </message>
    <message>
        <source>Shard</source>
        <translation>Шард</translation>
    </message>
    <message>
        <source>%1 of %2 tensors · %3</source>
        <translation>%1 из %2 тензоров · %3</translation>
    </message>
</context>
<context>
    <name>cmfw::TokenizerView</name>
    <message>
        <source>Tokenizer and chat template</source>
        <translation>Токенизатор и шаблон чата</translation>
    </message>
    <message>
        <source>tokenizer.json: %1 at offset %2.</source>
        <translation>tokenizer.json: %1 по смещению %2.</translation>
    </message>
    <message>
        <source>Recorded hash64: %1 (checked by Verify).</source>
        <translation>Записанный hash64: %1 (сверяется при проверке).</translation>
    </message>
    <message>
        <source>This file has no tokenizer section (vocab_off = 0): a tokenizer must come from elsewhere.</source>
        <translation>В этом файле нет секции токенизатора (vocab_off = 0): токенизатор придётся взять в другом месте.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Словарь</translation>
    </message>
    <message>
        <source>Merges</source>
        <translation>Слияния</translation>
    </message>
    <message>
        <source>Normalizer</source>
        <translation>Нормализатор</translation>
    </message>
    <message>
        <source>Pre-tokenizer</source>
        <translation>Предтокенизатор</translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation>Декодер</translation>
    </message>
    <message>
        <source>Post-processor</source>
        <translation>Постобработчик</translation>
    </message>
    <message>
        <source>End of sequence</source>
        <translation>Конец последовательности</translation>
    </message>
    <message>
        <source>Beginning</source>
        <translation>Начало</translation>
    </message>
    <message>
        <source>Padding</source>
        <translation>Заполнение</translation>
    </message>
    <message>
        <source>Added and special tokens</source>
        <translation>Добавленные и специальные токены</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Токен</translation>
    </message>
    <message>
        <source>Special</source>
        <translation>Специальный</translation>
    </message>
    <message numerus="yes">
        <source>Chat template (%n character(s))</source>
        <translation>
            <numerusform>Шаблон чата (%n символ)</numerusform>
            <numerusform>Шаблон чата (%n символа)</numerusform>
            <numerusform>Шаблон чата (%n символов)</numerusform>
        </translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>Шаблон чата</translation>
    </message>
    <message>
        <source>No chat template in the header: runtimes fall back to ChatML (§6.1).</source>
        <translation>В заголовке нет шаблона чата: среды выполнения используют ChatML (§6.1).</translation>
    </message>
    <message>
        <source>none: the header has no tokenizer_config block; runtimes use ChatML (§6.1)</source>
        <translation>нет: в заголовке нет блока tokenizer_config; среды выполнения используют ChatML (§6.1)</translation>
    </message>
    <message>
        <source>Reading tokenizer.json…</source>
        <translation>Чтение tokenizer.json…</translation>
    </message>
    <message>
        <source>Read tokenizer of %1</source>
        <translation>Чтение токенизатора %1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 токенов</translation>
    </message>
    <message>
        <source>Could not read the tokenizer: %1</source>
        <translation>Не удалось прочитать токенизатор: %1</translation>
    </message>
    <message>
        <source>tokenizer.json does not parse: %1</source>
        <translation>tokenizer.json не разбирается: %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>byte fallback</source>
        <translation>байтовый запасной режим</translation>
    </message>
    <message>
        <source>%1 tokens, %2 added</source>
        <translation>%1 токенов, %2 добавлено</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
</context>
<context>
    <name>cmfw::TrustDialog</name>
    <message>
        <source>Trust signer</source>
        <translation>Доверять автору подписи</translation>
    </message>
    <message>
        <source>Public key:
%1

Compare it with the key its owner gave you. Name to remember it by:</source>
        <translation>Открытый ключ:
%1

Сверьте его с ключом, который дал вам владелец. Имя, под которым его запомнить:</translation>
    </message>
</context>
<context>
    <name>cmfw::VerifySignPanel</name>
    <message>
        <source>Drop a CMF file here to verify it</source>
        <translation>Перетащите сюда файл CMF для проверки</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>Файл не выбран</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>Выбрать файл…</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <source>Check every hash of the file and its .sig</source>
        <translation>Проверить все хеши файла и его .sig</translation>
    </message>
    <message>
        <source>Sign</source>
        <translation>Подписать</translation>
    </message>
    <message>
        <source>Write &lt;file&gt;.sig with your signing key</source>
        <translation>Записать &lt;файл&gt;.sig вашим ключом подписи</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Trust this signer…</source>
        <translation>Доверять этому автору подписи…</translation>
    </message>
    <message>
        <source>What Verify finds is listed here, each problem with what it means.</source>
        <translation>Здесь будет всё, что найдёт проверка, — каждая проблема с пояснением.</translation>
    </message>
    <message>
        <source>Signing key</source>
        <translation>Ключ подписи</translation>
    </message>
    <message>
        <source>Choose key…</source>
        <translation>Выбрать ключ…</translation>
    </message>
    <message>
        <source>Generate key…</source>
        <translation>Создать ключ…</translation>
    </message>
    <message>
        <source>No key chosen. Sign needs a private key file; generate one if you have none.</source>
        <translation>Ключ не выбран. Для подписи нужен файл закрытого ключа; если его нет, создайте.</translation>
    </message>
    <message>
        <source>Drop a file or choose one, then Verify or Sign.</source>
        <translation>Перетащите или выберите файл, затем нажмите «Проверить» или «Подписать».</translation>
    </message>
    <message>
        <source>Verify checks every hash of %1 and its signature.</source>
        <translation>Проверка сверит все хеши %1 и его подпись.</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>осталось около %1</translation>
    </message>
    <message>
        <source>Verify %1</source>
        <translation>Проверка %1</translation>
    </message>
    <message>
        <source>not a valid CMF file</source>
        <translation>некорректный файл CMF</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>верно</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n проблема</numerusform>
            <numerusform>%n проблемы</numerusform>
            <numerusform>%n проблем</numerusform>
        </translation>
    </message>
    <message>
        <source>Verifying %1…</source>
        <translation>Проверка %1…</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>ОШИБКА</translation>
    </message>
    <message>
        <source>Could not verify: %1 (%2)</source>
        <translation>Проверка не удалась: %1 (%2)</translation>
    </message>
    <message>
        <source>Verify %1 failed: %2</source>
        <translation>Проверка %1 не удалась: %2</translation>
    </message>
    <message>
        <source>Verification cancelled; nothing was changed.</source>
        <translation>Проверка отменена; ничего не изменено.</translation>
    </message>
    <message>
        <source>Verify %1 cancelled</source>
        <translation>Проверка %1 отменена</translation>
    </message>
    <message>
        <source>NOT A VALID CMF FILE</source>
        <translation>НЕКОРРЕКТНЫЙ ФАЙЛ CMF</translation>
    </message>
    <message>
        <source>%1 is not a valid CMF file: %2</source>
        <translation>%1 — некорректный файл CMF: %2</translation>
    </message>
    <message>
        <source>VALID</source>
        <translation>ВЕРНО</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>НЕВЕРНО</translation>
    </message>
    <message numerus="yes">
        <source>%n tensor(s), %1 hashed in %2.</source>
        <translation>
            <numerusform>%n тензор, %1 прохешировано за %2.</numerusform>
            <numerusform>%n тензора, %1 прохешировано за %2.</numerusform>
            <numerusform>%n тензоров, %1 прохешировано за %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every hash matches.</source>
        <translation>Все хеши совпадают.</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) found.</source>
        <translation>
            <numerusform>Найдена %n проблема.</numerusform>
            <numerusform>Найдены %n проблемы.</numerusform>
            <numerusform>Найдено %n проблем.</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems.</source>
        <translation>Проблем нет.</translation>
    </message>
    <message>
        <source>Every tensor hash, the header and directory hashes and the section hashes match what the file recorded when it was written; every tensor payload has the structure its dtype requires.</source>
        <translation>Хеши всех тензоров, хеши заголовка и каталога и хеши секций совпадают с записанными при создании файла; данные каждого тензора имеют структуру, которую требует его тип.</translation>
    </message>
    <message>
        <source>%1 verified: every hash matches</source>
        <translation>%1 проверен: все хеши совпадают</translation>
    </message>
    <message numerus="yes">
        <source>%1 failed verification: %n problem(s)</source>
        <translation>
            <numerusform>%1 не прошёл проверку: %n проблема</numerusform>
            <numerusform>%1 не прошёл проверку: %n проблемы</numerusform>
            <numerusform>%1 не прошёл проверку: %n проблем</numerusform>
        </translation>
    </message>
    <message>
        <source>Not signed (no .sig beside the file).</source>
        <translation>Не подписан (рядом с файлом нет .sig).</translation>
    </message>
    <message>
        <source>Signature INVALID.</source>
        <translation>Подпись НЕВЕРНА.</translation>
    </message>
    <message>
        <source>Claimed signer: %1</source>
        <translation>Заявленный автор подписи: %1</translation>
    </message>
    <message>
        <source>Signature valid.</source>
        <translation>Подпись верна.</translation>
    </message>
    <message>
        <source>Signer: %1</source>
        <translation>Автор подписи: %1</translation>
    </message>
    <message>
        <source>Trusted key: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Доверенный ключ: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>This signer is not in your trusted keys.</source>
        <translation>Этого автора подписи нет в ваших доверенных ключах.</translation>
    </message>
    <message>
        <source>Sign %1</source>
        <translation>Подпись %1</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>записан %1</translation>
    </message>
    <message>
        <source>Signing %1…</source>
        <translation>Подписание %1…</translation>
    </message>
    <message>
        <source>SIGNED</source>
        <translation>ПОДПИСАН</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>Записан %1.</translation>
    </message>
    <message>
        <source>Signed %1: wrote %2</source>
        <translation>%1 подписан: записан %2</translation>
    </message>
    <message>
        <source>NOT SIGNED</source>
        <translation>НЕ ПОДПИСАН</translation>
    </message>
    <message>
        <source>Signing failed: %1</source>
        <translation>Подписать не удалось: %1</translation>
    </message>
    <message>
        <source>Signing %1 failed: %2</source>
        <translation>Подписать %1 не удалось: %2</translation>
    </message>
    <message>
        <source>Signing cancelled; no .sig was written.</source>
        <translation>Подписание отменено; файл .sig не записан.</translation>
    </message>
    <message>
        <source>Generate key %1</source>
        <translation>Создание ключа %1</translation>
    </message>
    <message>
        <source>public key %1</source>
        <translation>открытый ключ %1</translation>
    </message>
    <message>
        <source>My key (%1)</source>
        <translation>Мой ключ (%1)</translation>
    </message>
    <message>
        <source>⚠ Keep %1 private. Anyone who has this file can sign models in your name. It was saved readable only by you (mode 0600); back it up somewhere safe and never share it. Share the public key instead:
%2</source>
        <translation>⚠ Храните %1 в тайне. Любой, у кого есть этот файл, может подписывать модели от вашего имени. Он сохранён с доступом только для вас (режим 0600); сделайте резервную копию в надёжном месте и никому его не передавайте. Делитесь открытым ключом:
%2</translation>
    </message>
    <message>
        <source>Generated signing key %1 — keep it private; public key %2</source>
        <translation>Создан ключ подписи %1 — храните его в тайне; открытый ключ %2</translation>
    </message>
    <message>
        <source>Could not create the key: %1</source>
        <translation>Не удалось создать ключ: %1</translation>
    </message>
    <message>
        <source>Key generation failed: %1</source>
        <translation>Ошибка создания ключа: %1</translation>
    </message>
    <message>
        <source>Choose a file to verify or sign</source>
        <translation>Выберите файл для проверки или подписи</translation>
    </message>
    <message>
        <source>CMF files (*.cmf);;All files (*)</source>
        <translation>Файлы CMF (*.cmf);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Choose your private signing key</source>
        <translation>Выберите свой закрытый ключ подписи</translation>
    </message>
    <message>
        <source>Key files (*.key);;All files (*)</source>
        <translation>Файлы ключей (*.key);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Save a new PRIVATE signing key</source>
        <translation>Сохранить новый ЗАКРЫТЫЙ ключ подписи</translation>
    </message>
    <message>
        <source>Key files (*.key)</source>
        <translation>Файлы ключей (*.key)</translation>
    </message>
    <message>
        <source>%1 already exists; keys are never overwritten. Choose another name.</source>
        <translation>%1 уже существует; ключи никогда не перезаписываются. Выберите другое имя.</translation>
    </message>
</context>
</TS>
