#version 150
// See table.vert. The shadow map is read with the hardware's depth comparison and linear filter
// (a 2 x 2 percentage-closer filter in one lookup), so shadow edges are soft and cheap. No texture:
// printed things have table_printed.frag.
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[2];
in vec4 v_base;
in vec3 v_key;
in vec4 v_shadow;
out vec4 frag;
void main() {
    float lit = textureProj(p3d_LightSource[0].shadowMap, v_shadow);
    frag = vec4(v_base.rgb + v_key * lit, v_base.a);
}
