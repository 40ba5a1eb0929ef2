#version 150
// The table's lighting (game/render/shading.py): Lambert per vertex from the ambient, the key
// (index 0, the shadow caster) and the fill (index 1). Pieces have flat face normals, so per-vertex
// lighting equals per-pixel lighting; only the shadow lookup is per pixel.
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat3 p3d_NormalMatrix;
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[2];
uniform struct p3d_LightModelParameters { vec4 ambient; } p3d_LightModel;
uniform vec4 p3d_ColorScale;
uniform float shadow_normal_offset;   // cm: the lookup point is lifted off its face (no acne)
in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec4 p3d_Color;
in vec2 p3d_MultiTexCoord0;
out vec4 v_base;      // colour lit by the ambient and the fill: never shadowed
out vec3 v_key;       // colour lit by the key light, before its shadow
out vec4 v_shadow;    // the point in the key light's shadow map
out vec2 v_uv;        // texture coordinates (text labels, printed cards)
void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    v_uv = p3d_MultiTexCoord0;
    vec4 pos = p3d_ModelViewMatrix * p3d_Vertex;
    vec3 n = normalize(p3d_NormalMatrix * p3d_Normal + vec3(0.0, 0.0, 1e-6));
    vec4 colour = p3d_Color * p3d_ColorScale;
    vec3 to_key = normalize(p3d_LightSource[0].position.xyz - pos.xyz * p3d_LightSource[0].position.w);
    vec3 to_fill = normalize(p3d_LightSource[1].position.xyz - pos.xyz * p3d_LightSource[1].position.w);
    v_base = vec4(colour.rgb * (p3d_LightModel.ambient.rgb
                                + p3d_LightSource[1].color.rgb * max(dot(n, to_fill), 0.0)), colour.a);
    v_key = colour.rgb * p3d_LightSource[0].color.rgb * max(dot(n, to_key), 0.0);
    if (dot(p3d_Normal, p3d_Normal) < 0.25) {    // no normals: lines and text are drawn unlit
        v_base = colour;
        v_key = vec3(0.0);
    }
    v_shadow = p3d_LightSource[0].shadowViewMatrix * vec4(pos.xyz + n * shadow_normal_offset, 1.0);
}
