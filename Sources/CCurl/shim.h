// CCurl: libcurl's easy and multi interfaces, plus fixed-type wrappers for what Swift cannot
// call or see: curl_easy_setopt and curl_easy_getinfo are variadic, and several constants are
// composite macros.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

// The type-checking macros of typecheck-gcc.h wrap curl_easy_setopt; the fixed-type
// functions below are the checking.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// curl_easy_setopt for options taking a long.
static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
/// curl_easy_setopt for options taking a string (curl copies it).
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
/// curl_easy_setopt for options taking a pointer curl keeps but does not own (user data,
/// the error buffer, a header list).
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
/// curl_easy_setopt for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION (same signature).
static inline CURLcode ccurl_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
/// curl_easy_getinfo for infos answering a long.
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
/// curl_easy_getinfo for CURLINFO_PRIVATE.
static inline CURLcode ccurl_getinfo_private(CURL *handle, void **value) {
    char *pointer = NULL;
    CURLcode code = curl_easy_getinfo(handle, CURLINFO_PRIVATE, &pointer);
    *value = pointer;
    return code;
}
/// CURL_GLOBAL_DEFAULT, a composite macro.
static inline long ccurl_global_default(void) { return CURL_GLOBAL_DEFAULT; }
/// CURLPAUSE_CONT, a composite macro.
static inline int ccurl_pause_cont(void) { return CURLPAUSE_CONT; }
/// CURL_WRITEFUNC_PAUSE as the callback's return type.
static inline size_t ccurl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }
/// The result of a finished transfer from a CURLMSG_DONE message (a union member).
static inline CURLcode ccurl_message_result(const CURLMsg *message) { return message->data.result; }

#endif
