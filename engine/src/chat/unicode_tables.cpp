// Multi-character case mappings (Unicode SpecialCasing) and full case folding, the cases
// where Python's str.upper()/lower()/title()/casefold() differ from the simple one-to-one
// mappings utf8proc provides. Generated from Python 3.11 (Unicode 14.0) by enumerating every
// code point; the single-character mappings of utf8proc 2.6 were checked to agree with Python.
#include "chat/unicode.h"

#include <algorithm>
#include <iterator>

namespace cmf::engine::chat {
namespace {

struct Special {
    char32_t cp;
    const char* utf8;
};

const Special kUpper[] = {
    {0xDF, "\x53\x53"}, {0x149, "\xca\xbc\x4e"}, {0x1F0, "\x4a\xcc\x8c"},
    {0x390, "\xce\x99\xcc\x88\xcc\x81"}, {0x3B0, "\xce\xa5\xcc\x88\xcc\x81"},
    {0x587, "\xd4\xb5\xd5\x92"}, {0x1E96, "\x48\xcc\xb1"}, {0x1E97, "\x54\xcc\x88"},
    {0x1E98, "\x57\xcc\x8a"}, {0x1E99, "\x59\xcc\x8a"}, {0x1E9A, "\x41\xca\xbe"},
    {0x1F50, "\xce\xa5\xcc\x93"}, {0x1F52, "\xce\xa5\xcc\x93\xcc\x80"},
    {0x1F54, "\xce\xa5\xcc\x93\xcc\x81"}, {0x1F56, "\xce\xa5\xcc\x93\xcd\x82"},
    {0x1F80, "\xe1\xbc\x88\xce\x99"}, {0x1F81, "\xe1\xbc\x89\xce\x99"},
    {0x1F82, "\xe1\xbc\x8a\xce\x99"}, {0x1F83, "\xe1\xbc\x8b\xce\x99"},
    {0x1F84, "\xe1\xbc\x8c\xce\x99"}, {0x1F85, "\xe1\xbc\x8d\xce\x99"},
    {0x1F86, "\xe1\xbc\x8e\xce\x99"}, {0x1F87, "\xe1\xbc\x8f\xce\x99"},
    {0x1F88, "\xe1\xbc\x88\xce\x99"}, {0x1F89, "\xe1\xbc\x89\xce\x99"},
    {0x1F8A, "\xe1\xbc\x8a\xce\x99"}, {0x1F8B, "\xe1\xbc\x8b\xce\x99"},
    {0x1F8C, "\xe1\xbc\x8c\xce\x99"}, {0x1F8D, "\xe1\xbc\x8d\xce\x99"},
    {0x1F8E, "\xe1\xbc\x8e\xce\x99"}, {0x1F8F, "\xe1\xbc\x8f\xce\x99"},
    {0x1F90, "\xe1\xbc\xa8\xce\x99"}, {0x1F91, "\xe1\xbc\xa9\xce\x99"},
    {0x1F92, "\xe1\xbc\xaa\xce\x99"}, {0x1F93, "\xe1\xbc\xab\xce\x99"},
    {0x1F94, "\xe1\xbc\xac\xce\x99"}, {0x1F95, "\xe1\xbc\xad\xce\x99"},
    {0x1F96, "\xe1\xbc\xae\xce\x99"}, {0x1F97, "\xe1\xbc\xaf\xce\x99"},
    {0x1F98, "\xe1\xbc\xa8\xce\x99"}, {0x1F99, "\xe1\xbc\xa9\xce\x99"},
    {0x1F9A, "\xe1\xbc\xaa\xce\x99"}, {0x1F9B, "\xe1\xbc\xab\xce\x99"},
    {0x1F9C, "\xe1\xbc\xac\xce\x99"}, {0x1F9D, "\xe1\xbc\xad\xce\x99"},
    {0x1F9E, "\xe1\xbc\xae\xce\x99"}, {0x1F9F, "\xe1\xbc\xaf\xce\x99"},
    {0x1FA0, "\xe1\xbd\xa8\xce\x99"}, {0x1FA1, "\xe1\xbd\xa9\xce\x99"},
    {0x1FA2, "\xe1\xbd\xaa\xce\x99"}, {0x1FA3, "\xe1\xbd\xab\xce\x99"},
    {0x1FA4, "\xe1\xbd\xac\xce\x99"}, {0x1FA5, "\xe1\xbd\xad\xce\x99"},
    {0x1FA6, "\xe1\xbd\xae\xce\x99"}, {0x1FA7, "\xe1\xbd\xaf\xce\x99"},
    {0x1FA8, "\xe1\xbd\xa8\xce\x99"}, {0x1FA9, "\xe1\xbd\xa9\xce\x99"},
    {0x1FAA, "\xe1\xbd\xaa\xce\x99"}, {0x1FAB, "\xe1\xbd\xab\xce\x99"},
    {0x1FAC, "\xe1\xbd\xac\xce\x99"}, {0x1FAD, "\xe1\xbd\xad\xce\x99"},
    {0x1FAE, "\xe1\xbd\xae\xce\x99"}, {0x1FAF, "\xe1\xbd\xaf\xce\x99"},
    {0x1FB2, "\xe1\xbe\xba\xce\x99"}, {0x1FB3, "\xce\x91\xce\x99"}, {0x1FB4, "\xce\x86\xce\x99"},
    {0x1FB6, "\xce\x91\xcd\x82"}, {0x1FB7, "\xce\x91\xcd\x82\xce\x99"}, {0x1FBC, "\xce\x91\xce\x99"},
    {0x1FC2, "\xe1\xbf\x8a\xce\x99"}, {0x1FC3, "\xce\x97\xce\x99"}, {0x1FC4, "\xce\x89\xce\x99"},
    {0x1FC6, "\xce\x97\xcd\x82"}, {0x1FC7, "\xce\x97\xcd\x82\xce\x99"}, {0x1FCC, "\xce\x97\xce\x99"},
    {0x1FD2, "\xce\x99\xcc\x88\xcc\x80"}, {0x1FD3, "\xce\x99\xcc\x88\xcc\x81"},
    {0x1FD6, "\xce\x99\xcd\x82"}, {0x1FD7, "\xce\x99\xcc\x88\xcd\x82"},
    {0x1FE2, "\xce\xa5\xcc\x88\xcc\x80"}, {0x1FE3, "\xce\xa5\xcc\x88\xcc\x81"},
    {0x1FE4, "\xce\xa1\xcc\x93"}, {0x1FE6, "\xce\xa5\xcd\x82"}, {0x1FE7, "\xce\xa5\xcc\x88\xcd\x82"},
    {0x1FF2, "\xe1\xbf\xba\xce\x99"}, {0x1FF3, "\xce\xa9\xce\x99"}, {0x1FF4, "\xce\x8f\xce\x99"},
    {0x1FF6, "\xce\xa9\xcd\x82"}, {0x1FF7, "\xce\xa9\xcd\x82\xce\x99"}, {0x1FFC, "\xce\xa9\xce\x99"},
    {0xFB00, "\x46\x46"}, {0xFB01, "\x46\x49"}, {0xFB02, "\x46\x4c"}, {0xFB03, "\x46\x46\x49"},
    {0xFB04, "\x46\x46\x4c"}, {0xFB05, "\x53\x54"}, {0xFB06, "\x53\x54"}, {0xFB13, "\xd5\x84\xd5\x86"},
    {0xFB14, "\xd5\x84\xd4\xb5"}, {0xFB15, "\xd5\x84\xd4\xbb"}, {0xFB16, "\xd5\x8e\xd5\x86"},
    {0xFB17, "\xd5\x84\xd4\xbd"},
};

const Special kLower[] = {
    {0x130, "\x69\xcc\x87"},
};

const Special kTitle[] = {
    {0xDF, "\x53\x73"}, {0x149, "\xca\xbc\x4e"}, {0x1F0, "\x4a\xcc\x8c"},
    {0x390, "\xce\x99\xcc\x88\xcc\x81"}, {0x3B0, "\xce\xa5\xcc\x88\xcc\x81"},
    {0x587, "\xd4\xb5\xd6\x82"}, {0x1E96, "\x48\xcc\xb1"}, {0x1E97, "\x54\xcc\x88"},
    {0x1E98, "\x57\xcc\x8a"}, {0x1E99, "\x59\xcc\x8a"}, {0x1E9A, "\x41\xca\xbe"},
    {0x1F50, "\xce\xa5\xcc\x93"}, {0x1F52, "\xce\xa5\xcc\x93\xcc\x80"},
    {0x1F54, "\xce\xa5\xcc\x93\xcc\x81"}, {0x1F56, "\xce\xa5\xcc\x93\xcd\x82"},
    {0x1FB2, "\xe1\xbe\xba\xcd\x85"}, {0x1FB4, "\xce\x86\xcd\x85"}, {0x1FB6, "\xce\x91\xcd\x82"},
    {0x1FB7, "\xce\x91\xcd\x82\xcd\x85"}, {0x1FC2, "\xe1\xbf\x8a\xcd\x85"},
    {0x1FC4, "\xce\x89\xcd\x85"}, {0x1FC6, "\xce\x97\xcd\x82"}, {0x1FC7, "\xce\x97\xcd\x82\xcd\x85"},
    {0x1FD2, "\xce\x99\xcc\x88\xcc\x80"}, {0x1FD3, "\xce\x99\xcc\x88\xcc\x81"},
    {0x1FD6, "\xce\x99\xcd\x82"}, {0x1FD7, "\xce\x99\xcc\x88\xcd\x82"},
    {0x1FE2, "\xce\xa5\xcc\x88\xcc\x80"}, {0x1FE3, "\xce\xa5\xcc\x88\xcc\x81"},
    {0x1FE4, "\xce\xa1\xcc\x93"}, {0x1FE6, "\xce\xa5\xcd\x82"}, {0x1FE7, "\xce\xa5\xcc\x88\xcd\x82"},
    {0x1FF2, "\xe1\xbf\xba\xcd\x85"}, {0x1FF4, "\xce\x8f\xcd\x85"}, {0x1FF6, "\xce\xa9\xcd\x82"},
    {0x1FF7, "\xce\xa9\xcd\x82\xcd\x85"}, {0xFB00, "\x46\x66"}, {0xFB01, "\x46\x69"},
    {0xFB02, "\x46\x6c"}, {0xFB03, "\x46\x66\x69"}, {0xFB04, "\x46\x66\x6c"}, {0xFB05, "\x53\x74"},
    {0xFB06, "\x53\x74"}, {0xFB13, "\xd5\x84\xd5\xb6"}, {0xFB14, "\xd5\x84\xd5\xa5"},
    {0xFB15, "\xd5\x84\xd5\xab"}, {0xFB16, "\xd5\x8e\xd5\xb6"}, {0xFB17, "\xd5\x84\xd5\xad"},
};

const Special kFold[] = {
    {0xB5, "\xce\xbc"}, {0xDF, "\x73\x73"}, {0x149, "\xca\xbc\x6e"}, {0x17F, "\x73"},
    {0x1F0, "\x6a\xcc\x8c"}, {0x345, "\xce\xb9"}, {0x390, "\xce\xb9\xcc\x88\xcc\x81"},
    {0x3B0, "\xcf\x85\xcc\x88\xcc\x81"}, {0x3C2, "\xcf\x83"}, {0x3D0, "\xce\xb2"}, {0x3D1, "\xce\xb8"},
    {0x3D5, "\xcf\x86"}, {0x3D6, "\xcf\x80"}, {0x3F0, "\xce\xba"}, {0x3F1, "\xcf\x81"},
    {0x3F5, "\xce\xb5"}, {0x587, "\xd5\xa5\xd6\x82"}, {0x13A0, "\xe1\x8e\xa0"},
    {0x13A1, "\xe1\x8e\xa1"}, {0x13A2, "\xe1\x8e\xa2"}, {0x13A3, "\xe1\x8e\xa3"},
    {0x13A4, "\xe1\x8e\xa4"}, {0x13A5, "\xe1\x8e\xa5"}, {0x13A6, "\xe1\x8e\xa6"},
    {0x13A7, "\xe1\x8e\xa7"}, {0x13A8, "\xe1\x8e\xa8"}, {0x13A9, "\xe1\x8e\xa9"},
    {0x13AA, "\xe1\x8e\xaa"}, {0x13AB, "\xe1\x8e\xab"}, {0x13AC, "\xe1\x8e\xac"},
    {0x13AD, "\xe1\x8e\xad"}, {0x13AE, "\xe1\x8e\xae"}, {0x13AF, "\xe1\x8e\xaf"},
    {0x13B0, "\xe1\x8e\xb0"}, {0x13B1, "\xe1\x8e\xb1"}, {0x13B2, "\xe1\x8e\xb2"},
    {0x13B3, "\xe1\x8e\xb3"}, {0x13B4, "\xe1\x8e\xb4"}, {0x13B5, "\xe1\x8e\xb5"},
    {0x13B6, "\xe1\x8e\xb6"}, {0x13B7, "\xe1\x8e\xb7"}, {0x13B8, "\xe1\x8e\xb8"},
    {0x13B9, "\xe1\x8e\xb9"}, {0x13BA, "\xe1\x8e\xba"}, {0x13BB, "\xe1\x8e\xbb"},
    {0x13BC, "\xe1\x8e\xbc"}, {0x13BD, "\xe1\x8e\xbd"}, {0x13BE, "\xe1\x8e\xbe"},
    {0x13BF, "\xe1\x8e\xbf"}, {0x13C0, "\xe1\x8f\x80"}, {0x13C1, "\xe1\x8f\x81"},
    {0x13C2, "\xe1\x8f\x82"}, {0x13C3, "\xe1\x8f\x83"}, {0x13C4, "\xe1\x8f\x84"},
    {0x13C5, "\xe1\x8f\x85"}, {0x13C6, "\xe1\x8f\x86"}, {0x13C7, "\xe1\x8f\x87"},
    {0x13C8, "\xe1\x8f\x88"}, {0x13C9, "\xe1\x8f\x89"}, {0x13CA, "\xe1\x8f\x8a"},
    {0x13CB, "\xe1\x8f\x8b"}, {0x13CC, "\xe1\x8f\x8c"}, {0x13CD, "\xe1\x8f\x8d"},
    {0x13CE, "\xe1\x8f\x8e"}, {0x13CF, "\xe1\x8f\x8f"}, {0x13D0, "\xe1\x8f\x90"},
    {0x13D1, "\xe1\x8f\x91"}, {0x13D2, "\xe1\x8f\x92"}, {0x13D3, "\xe1\x8f\x93"},
    {0x13D4, "\xe1\x8f\x94"}, {0x13D5, "\xe1\x8f\x95"}, {0x13D6, "\xe1\x8f\x96"},
    {0x13D7, "\xe1\x8f\x97"}, {0x13D8, "\xe1\x8f\x98"}, {0x13D9, "\xe1\x8f\x99"},
    {0x13DA, "\xe1\x8f\x9a"}, {0x13DB, "\xe1\x8f\x9b"}, {0x13DC, "\xe1\x8f\x9c"},
    {0x13DD, "\xe1\x8f\x9d"}, {0x13DE, "\xe1\x8f\x9e"}, {0x13DF, "\xe1\x8f\x9f"},
    {0x13E0, "\xe1\x8f\xa0"}, {0x13E1, "\xe1\x8f\xa1"}, {0x13E2, "\xe1\x8f\xa2"},
    {0x13E3, "\xe1\x8f\xa3"}, {0x13E4, "\xe1\x8f\xa4"}, {0x13E5, "\xe1\x8f\xa5"},
    {0x13E6, "\xe1\x8f\xa6"}, {0x13E7, "\xe1\x8f\xa7"}, {0x13E8, "\xe1\x8f\xa8"},
    {0x13E9, "\xe1\x8f\xa9"}, {0x13EA, "\xe1\x8f\xaa"}, {0x13EB, "\xe1\x8f\xab"},
    {0x13EC, "\xe1\x8f\xac"}, {0x13ED, "\xe1\x8f\xad"}, {0x13EE, "\xe1\x8f\xae"},
    {0x13EF, "\xe1\x8f\xaf"}, {0x13F0, "\xe1\x8f\xb0"}, {0x13F1, "\xe1\x8f\xb1"},
    {0x13F2, "\xe1\x8f\xb2"}, {0x13F3, "\xe1\x8f\xb3"}, {0x13F4, "\xe1\x8f\xb4"},
    {0x13F5, "\xe1\x8f\xb5"}, {0x13F8, "\xe1\x8f\xb0"}, {0x13F9, "\xe1\x8f\xb1"},
    {0x13FA, "\xe1\x8f\xb2"}, {0x13FB, "\xe1\x8f\xb3"}, {0x13FC, "\xe1\x8f\xb4"},
    {0x13FD, "\xe1\x8f\xb5"}, {0x1C80, "\xd0\xb2"}, {0x1C81, "\xd0\xb4"}, {0x1C82, "\xd0\xbe"},
    {0x1C83, "\xd1\x81"}, {0x1C84, "\xd1\x82"}, {0x1C85, "\xd1\x82"}, {0x1C86, "\xd1\x8a"},
    {0x1C87, "\xd1\xa3"}, {0x1C88, "\xea\x99\x8b"}, {0x1E96, "\x68\xcc\xb1"}, {0x1E97, "\x74\xcc\x88"},
    {0x1E98, "\x77\xcc\x8a"}, {0x1E99, "\x79\xcc\x8a"}, {0x1E9A, "\x61\xca\xbe"},
    {0x1E9B, "\xe1\xb9\xa1"}, {0x1E9E, "\x73\x73"}, {0x1F50, "\xcf\x85\xcc\x93"},
    {0x1F52, "\xcf\x85\xcc\x93\xcc\x80"}, {0x1F54, "\xcf\x85\xcc\x93\xcc\x81"},
    {0x1F56, "\xcf\x85\xcc\x93\xcd\x82"}, {0x1F80, "\xe1\xbc\x80\xce\xb9"},
    {0x1F81, "\xe1\xbc\x81\xce\xb9"}, {0x1F82, "\xe1\xbc\x82\xce\xb9"},
    {0x1F83, "\xe1\xbc\x83\xce\xb9"}, {0x1F84, "\xe1\xbc\x84\xce\xb9"},
    {0x1F85, "\xe1\xbc\x85\xce\xb9"}, {0x1F86, "\xe1\xbc\x86\xce\xb9"},
    {0x1F87, "\xe1\xbc\x87\xce\xb9"}, {0x1F88, "\xe1\xbc\x80\xce\xb9"},
    {0x1F89, "\xe1\xbc\x81\xce\xb9"}, {0x1F8A, "\xe1\xbc\x82\xce\xb9"},
    {0x1F8B, "\xe1\xbc\x83\xce\xb9"}, {0x1F8C, "\xe1\xbc\x84\xce\xb9"},
    {0x1F8D, "\xe1\xbc\x85\xce\xb9"}, {0x1F8E, "\xe1\xbc\x86\xce\xb9"},
    {0x1F8F, "\xe1\xbc\x87\xce\xb9"}, {0x1F90, "\xe1\xbc\xa0\xce\xb9"},
    {0x1F91, "\xe1\xbc\xa1\xce\xb9"}, {0x1F92, "\xe1\xbc\xa2\xce\xb9"},
    {0x1F93, "\xe1\xbc\xa3\xce\xb9"}, {0x1F94, "\xe1\xbc\xa4\xce\xb9"},
    {0x1F95, "\xe1\xbc\xa5\xce\xb9"}, {0x1F96, "\xe1\xbc\xa6\xce\xb9"},
    {0x1F97, "\xe1\xbc\xa7\xce\xb9"}, {0x1F98, "\xe1\xbc\xa0\xce\xb9"},
    {0x1F99, "\xe1\xbc\xa1\xce\xb9"}, {0x1F9A, "\xe1\xbc\xa2\xce\xb9"},
    {0x1F9B, "\xe1\xbc\xa3\xce\xb9"}, {0x1F9C, "\xe1\xbc\xa4\xce\xb9"},
    {0x1F9D, "\xe1\xbc\xa5\xce\xb9"}, {0x1F9E, "\xe1\xbc\xa6\xce\xb9"},
    {0x1F9F, "\xe1\xbc\xa7\xce\xb9"}, {0x1FA0, "\xe1\xbd\xa0\xce\xb9"},
    {0x1FA1, "\xe1\xbd\xa1\xce\xb9"}, {0x1FA2, "\xe1\xbd\xa2\xce\xb9"},
    {0x1FA3, "\xe1\xbd\xa3\xce\xb9"}, {0x1FA4, "\xe1\xbd\xa4\xce\xb9"},
    {0x1FA5, "\xe1\xbd\xa5\xce\xb9"}, {0x1FA6, "\xe1\xbd\xa6\xce\xb9"},
    {0x1FA7, "\xe1\xbd\xa7\xce\xb9"}, {0x1FA8, "\xe1\xbd\xa0\xce\xb9"},
    {0x1FA9, "\xe1\xbd\xa1\xce\xb9"}, {0x1FAA, "\xe1\xbd\xa2\xce\xb9"},
    {0x1FAB, "\xe1\xbd\xa3\xce\xb9"}, {0x1FAC, "\xe1\xbd\xa4\xce\xb9"},
    {0x1FAD, "\xe1\xbd\xa5\xce\xb9"}, {0x1FAE, "\xe1\xbd\xa6\xce\xb9"},
    {0x1FAF, "\xe1\xbd\xa7\xce\xb9"}, {0x1FB2, "\xe1\xbd\xb0\xce\xb9"}, {0x1FB3, "\xce\xb1\xce\xb9"},
    {0x1FB4, "\xce\xac\xce\xb9"}, {0x1FB6, "\xce\xb1\xcd\x82"}, {0x1FB7, "\xce\xb1\xcd\x82\xce\xb9"},
    {0x1FBC, "\xce\xb1\xce\xb9"}, {0x1FBE, "\xce\xb9"}, {0x1FC2, "\xe1\xbd\xb4\xce\xb9"},
    {0x1FC3, "\xce\xb7\xce\xb9"}, {0x1FC4, "\xce\xae\xce\xb9"}, {0x1FC6, "\xce\xb7\xcd\x82"},
    {0x1FC7, "\xce\xb7\xcd\x82\xce\xb9"}, {0x1FCC, "\xce\xb7\xce\xb9"},
    {0x1FD2, "\xce\xb9\xcc\x88\xcc\x80"}, {0x1FD3, "\xce\xb9\xcc\x88\xcc\x81"},
    {0x1FD6, "\xce\xb9\xcd\x82"}, {0x1FD7, "\xce\xb9\xcc\x88\xcd\x82"},
    {0x1FE2, "\xcf\x85\xcc\x88\xcc\x80"}, {0x1FE3, "\xcf\x85\xcc\x88\xcc\x81"},
    {0x1FE4, "\xcf\x81\xcc\x93"}, {0x1FE6, "\xcf\x85\xcd\x82"}, {0x1FE7, "\xcf\x85\xcc\x88\xcd\x82"},
    {0x1FF2, "\xe1\xbd\xbc\xce\xb9"}, {0x1FF3, "\xcf\x89\xce\xb9"}, {0x1FF4, "\xcf\x8e\xce\xb9"},
    {0x1FF6, "\xcf\x89\xcd\x82"}, {0x1FF7, "\xcf\x89\xcd\x82\xce\xb9"}, {0x1FFC, "\xcf\x89\xce\xb9"},
    {0xAB70, "\xe1\x8e\xa0"}, {0xAB71, "\xe1\x8e\xa1"}, {0xAB72, "\xe1\x8e\xa2"},
    {0xAB73, "\xe1\x8e\xa3"}, {0xAB74, "\xe1\x8e\xa4"}, {0xAB75, "\xe1\x8e\xa5"},
    {0xAB76, "\xe1\x8e\xa6"}, {0xAB77, "\xe1\x8e\xa7"}, {0xAB78, "\xe1\x8e\xa8"},
    {0xAB79, "\xe1\x8e\xa9"}, {0xAB7A, "\xe1\x8e\xaa"}, {0xAB7B, "\xe1\x8e\xab"},
    {0xAB7C, "\xe1\x8e\xac"}, {0xAB7D, "\xe1\x8e\xad"}, {0xAB7E, "\xe1\x8e\xae"},
    {0xAB7F, "\xe1\x8e\xaf"}, {0xAB80, "\xe1\x8e\xb0"}, {0xAB81, "\xe1\x8e\xb1"},
    {0xAB82, "\xe1\x8e\xb2"}, {0xAB83, "\xe1\x8e\xb3"}, {0xAB84, "\xe1\x8e\xb4"},
    {0xAB85, "\xe1\x8e\xb5"}, {0xAB86, "\xe1\x8e\xb6"}, {0xAB87, "\xe1\x8e\xb7"},
    {0xAB88, "\xe1\x8e\xb8"}, {0xAB89, "\xe1\x8e\xb9"}, {0xAB8A, "\xe1\x8e\xba"},
    {0xAB8B, "\xe1\x8e\xbb"}, {0xAB8C, "\xe1\x8e\xbc"}, {0xAB8D, "\xe1\x8e\xbd"},
    {0xAB8E, "\xe1\x8e\xbe"}, {0xAB8F, "\xe1\x8e\xbf"}, {0xAB90, "\xe1\x8f\x80"},
    {0xAB91, "\xe1\x8f\x81"}, {0xAB92, "\xe1\x8f\x82"}, {0xAB93, "\xe1\x8f\x83"},
    {0xAB94, "\xe1\x8f\x84"}, {0xAB95, "\xe1\x8f\x85"}, {0xAB96, "\xe1\x8f\x86"},
    {0xAB97, "\xe1\x8f\x87"}, {0xAB98, "\xe1\x8f\x88"}, {0xAB99, "\xe1\x8f\x89"},
    {0xAB9A, "\xe1\x8f\x8a"}, {0xAB9B, "\xe1\x8f\x8b"}, {0xAB9C, "\xe1\x8f\x8c"},
    {0xAB9D, "\xe1\x8f\x8d"}, {0xAB9E, "\xe1\x8f\x8e"}, {0xAB9F, "\xe1\x8f\x8f"},
    {0xABA0, "\xe1\x8f\x90"}, {0xABA1, "\xe1\x8f\x91"}, {0xABA2, "\xe1\x8f\x92"},
    {0xABA3, "\xe1\x8f\x93"}, {0xABA4, "\xe1\x8f\x94"}, {0xABA5, "\xe1\x8f\x95"},
    {0xABA6, "\xe1\x8f\x96"}, {0xABA7, "\xe1\x8f\x97"}, {0xABA8, "\xe1\x8f\x98"},
    {0xABA9, "\xe1\x8f\x99"}, {0xABAA, "\xe1\x8f\x9a"}, {0xABAB, "\xe1\x8f\x9b"},
    {0xABAC, "\xe1\x8f\x9c"}, {0xABAD, "\xe1\x8f\x9d"}, {0xABAE, "\xe1\x8f\x9e"},
    {0xABAF, "\xe1\x8f\x9f"}, {0xABB0, "\xe1\x8f\xa0"}, {0xABB1, "\xe1\x8f\xa1"},
    {0xABB2, "\xe1\x8f\xa2"}, {0xABB3, "\xe1\x8f\xa3"}, {0xABB4, "\xe1\x8f\xa4"},
    {0xABB5, "\xe1\x8f\xa5"}, {0xABB6, "\xe1\x8f\xa6"}, {0xABB7, "\xe1\x8f\xa7"},
    {0xABB8, "\xe1\x8f\xa8"}, {0xABB9, "\xe1\x8f\xa9"}, {0xABBA, "\xe1\x8f\xaa"},
    {0xABBB, "\xe1\x8f\xab"}, {0xABBC, "\xe1\x8f\xac"}, {0xABBD, "\xe1\x8f\xad"},
    {0xABBE, "\xe1\x8f\xae"}, {0xABBF, "\xe1\x8f\xaf"}, {0xFB00, "\x66\x66"}, {0xFB01, "\x66\x69"},
    {0xFB02, "\x66\x6c"}, {0xFB03, "\x66\x66\x69"}, {0xFB04, "\x66\x66\x6c"}, {0xFB05, "\x73\x74"},
    {0xFB06, "\x73\x74"}, {0xFB13, "\xd5\xb4\xd5\xb6"}, {0xFB14, "\xd5\xb4\xd5\xa5"},
    {0xFB15, "\xd5\xb4\xd5\xab"}, {0xFB16, "\xd5\xbe\xd5\xb6"}, {0xFB17, "\xd5\xb4\xd5\xad"},
};

template <size_t N>
const char* find(const Special (&table)[N], char32_t c) {
    const auto* it = std::lower_bound(std::begin(table), std::end(table), c,
                                      [](const Special& s, char32_t v) { return s.cp < v; });
    return it != std::end(table) && it->cp == c ? it->utf8 : nullptr;
}

} // namespace

const char* specialUpper(char32_t c) { return find(kUpper, c); }
const char* specialLower(char32_t c) { return find(kLower, c); }
const char* specialTitle(char32_t c) { return find(kTitle, c); }
const char* specialFold(char32_t c) { return find(kFold, c); }

// Code point ranges of Python predicates that the general category alone does not decide.
namespace {

struct Range {
    char32_t lo, hi;
};

const Range kDigitExtra[] = {
    {0xB2, 0xB3}, {0xB9, 0xB9}, {0x1369, 0x1371}, {0x19DA, 0x19DA}, {0x2070, 0x2070}, {0x2074, 0x2079},
    {0x2080, 0x2089}, {0x2460, 0x2468}, {0x2474, 0x247C}, {0x2488, 0x2490}, {0x24EA, 0x24EA},
    {0x24F5, 0x24FD}, {0x24FF, 0x24FF}, {0x2776, 0x277E}, {0x2780, 0x2788}, {0x278A, 0x2792},
    {0x10A40, 0x10A43}, {0x10E60, 0x10E68}, {0x11052, 0x1105A}, {0x1F100, 0x1F10A},
};

const Range kNumericExtra[] = {
    {0xBC, 0xBE}, {0x9F4, 0x9F9}, {0xB72, 0xB77}, {0xBF0, 0xBF2}, {0xC78, 0xC7E}, {0xD58, 0xD5E},
    {0xD70, 0xD78}, {0xF2A, 0xF33}, {0x1372, 0x137C}, {0x16EE, 0x16F0}, {0x17F0, 0x17F9},
    {0x2150, 0x2182}, {0x2185, 0x2189}, {0x2469, 0x2473}, {0x247D, 0x2487}, {0x2491, 0x249B},
    {0x24EB, 0x24F4}, {0x24FE, 0x24FE}, {0x277F, 0x277F}, {0x2789, 0x2789}, {0x2793, 0x2793},
    {0x2CFD, 0x2CFD}, {0x3007, 0x3007}, {0x3021, 0x3029}, {0x3038, 0x303A}, {0x3192, 0x3195},
    {0x3220, 0x3229}, {0x3248, 0x324F}, {0x3251, 0x325F}, {0x3280, 0x3289}, {0x32B1, 0x32BF},
    {0xA6E6, 0xA6EF}, {0xA830, 0xA835}, {0x10107, 0x10133}, {0x10140, 0x10178}, {0x1018A, 0x1018B},
    {0x102E1, 0x102FB}, {0x10320, 0x10323}, {0x10341, 0x10341}, {0x1034A, 0x1034A}, {0x103D1, 0x103D5},
    {0x10858, 0x1085F}, {0x10879, 0x1087F}, {0x108A7, 0x108AF}, {0x108FB, 0x108FF}, {0x10916, 0x1091B},
    {0x109BC, 0x109BD}, {0x109C0, 0x109CF}, {0x109D2, 0x109FF}, {0x10A44, 0x10A48}, {0x10A7D, 0x10A7E},
    {0x10A9D, 0x10A9F}, {0x10AEB, 0x10AEF}, {0x10B58, 0x10B5F}, {0x10B78, 0x10B7F}, {0x10BA9, 0x10BAF},
    {0x10CFA, 0x10CFF}, {0x10E69, 0x10E7E}, {0x10F1D, 0x10F26}, {0x10F51, 0x10F54}, {0x10FC5, 0x10FCB},
    {0x1105B, 0x11065}, {0x111E1, 0x111F4}, {0x1173A, 0x1173B}, {0x118EA, 0x118F2}, {0x11C5A, 0x11C6C},
    {0x11FC0, 0x11FD4}, {0x12400, 0x1246E}, {0x16B5B, 0x16B61}, {0x16E80, 0x16E96}, {0x1D2E0, 0x1D2F3},
    {0x1D360, 0x1D378}, {0x1E8C7, 0x1E8CF}, {0x1EC71, 0x1ECAB}, {0x1ECAD, 0x1ECAF}, {0x1ECB1, 0x1ECB4},
    {0x1ED01, 0x1ED2D}, {0x1ED2F, 0x1ED3D}, {0x1F10B, 0x1F10C},
};

const Range kLowerExtra[] = {
    {0xAA, 0xAA}, {0xBA, 0xBA}, {0x2B0, 0x2B8}, {0x2C0, 0x2C1}, {0x2E0, 0x2E4}, {0x345, 0x345},
    {0x37A, 0x37A}, {0x1D2C, 0x1D6A}, {0x1D78, 0x1D78}, {0x1D9B, 0x1DBF}, {0x2071, 0x2071},
    {0x207F, 0x207F}, {0x2090, 0x209C}, {0x2170, 0x217F}, {0x24D0, 0x24E9}, {0x2C7C, 0x2C7D},
    {0xA69C, 0xA69D}, {0xA770, 0xA770}, {0xA7F8, 0xA7F9}, {0xAB5C, 0xAB5F}, {0x10780, 0x10780},
    {0x10783, 0x10785}, {0x10787, 0x107B0}, {0x107B2, 0x107BA},
};

const Range kUpperExtra[] = {
    {0x2160, 0x216F}, {0x24B6, 0x24CF}, {0x1F130, 0x1F149}, {0x1F150, 0x1F169}, {0x1F170, 0x1F189},
};

template <size_t N>
bool inRanges(const Range (&table)[N], char32_t c) {
    const auto* it = std::upper_bound(std::begin(table), std::end(table), c,
                                      [](char32_t v, const Range& r) { return v < r.lo; });
    return it != std::begin(table) && c <= std::prev(it)->hi;
}

} // namespace

bool isDigitExtra(char32_t c) { return inRanges(kDigitExtra, c); }
bool isNumericExtra(char32_t c) { return inRanges(kNumericExtra, c); }
bool isLowercaseExtra(char32_t c) { return inRanges(kLowerExtra, c); }
bool isUppercaseExtra(char32_t c) { return inRanges(kUpperExtra, c); }

} // namespace cmf::engine::chat
